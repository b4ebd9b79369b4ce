// @vitest-environment node
/**
 * The field-level three-way merge: changes to different fields both survive, list items are
 * matched by content (an inserted bullet does not shift another person's edit), and only a field
 * both changed to different values is a conflict, named by its place in the user's data.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conflictKey, mergeThreeWay } from './merge.ts';
import type { Json } from './yaml/json.ts';

const page = (over: Record<string, Json> = {}): Json => ({
  title: 'IoT',
  description: 'Sensors.',
  blocks: [
    { type: 'pageHero', heading: 'IoT Solutions', subheading: 'For fleets.' },
    {
      type: 'bulletGrid',
      cards: [{ title: 'Fleet', bullets: ['GPS: live maps', 'Fuel: alerts', 'Driver: scores'] }],
    },
    { type: 'callToAction', label: 'Ask us', paragraph: 'Book a demo.' },
  ],
  ...over,
});

describe('mergeThreeWay', () => {
  it('keeps a colleague change to another field (the "save mine over theirs" revert)', () => {
    const base = page();
    const theirs = structuredClone(base) as { blocks: { subheading?: string; label?: string }[] };
    const mine = structuredClone(base) as { blocks: { subheading?: string; label?: string }[] };
    (theirs.blocks[0] as { subheading: string }).subheading = 'For fleets and campuses.';
    (mine.blocks[2] as { label: string }).label = 'Talk to us';
    const { merged, conflicts } = mergeThreeWay(base, theirs as Json, mine as Json);
    expect(conflicts).toEqual([]);
    const blocks = (merged as { blocks: Record<string, Json>[] }).blocks;
    expect(blocks[0]?.subheading).toBe('For fleets and campuses.');
    expect(blocks[2]?.label).toBe('Talk to us');
  });

  it('matches bullets by content: an inserted bullet does not shift an edit of another', () => {
    const base = ['GPS: live maps', 'Fuel: alerts', 'Driver: scores'];
    const theirs = ['GPS: live maps', 'Geofences: alarms', 'Fuel: alerts', 'Driver: scores'];
    const mine = ['GPS: live maps', 'Fuel: alerts by SMS', 'Driver: scores'];
    expect(mergeThreeWay(base, theirs, mine)).toEqual({
      merged: ['GPS: live maps', 'Geofences: alarms', 'Fuel: alerts by SMS', 'Driver: scores'],
      conflicts: [],
    });
  });

  it('reports a field both changed, at its place in the user data, with both values', () => {
    const base = page();
    const theirs = structuredClone(base) as { blocks: Record<string, Json>[] };
    const mine = structuredClone(base) as { blocks: Record<string, Json>[] };
    (theirs.blocks[0] as Record<string, Json>).heading = 'Theirs';
    (mine.blocks[0] as Record<string, Json>).heading = 'Mine';
    (mine.blocks[2] as Record<string, Json>).label = 'Mine too';
    const result = mergeThreeWay(base, theirs as Json, mine as Json);
    expect(result.conflicts).toEqual([{ path: ['blocks', 0, 'heading'], theirs: 'Theirs', mine: 'Mine' }]);
    // Decided for mine: no conflict left, and the rest is merged as before.
    const decided = mergeThreeWay(
      base,
      theirs as Json,
      mine as Json,
      new Set([conflictKey(['blocks', 0, 'heading'])]),
    );
    expect(decided.conflicts).toEqual([]);
    const blocks = (decided.merged as { blocks: Record<string, Json>[] }).blocks;
    expect([blocks[0]?.heading, blocks[2]?.label]).toEqual(['Mine', 'Mine too']);
  });

  it('both setting the same value is no conflict; a removed item stays removed unless edited', () => {
    expect(mergeThreeWay({ a: 'x' }, { a: 'y' }, { a: 'y' })).toEqual({ merged: { a: 'y' }, conflicts: [] });
    expect(mergeThreeWay(['a', 'b', 'c'], ['a', 'c'], ['a', 'b', 'c', 'd']).merged).toEqual(['a', 'c', 'd']);
    expect(mergeThreeWay([{ t: 'a' }, { t: 'b' }], [{ t: 'a' }], [{ t: 'a' }, { t: 'b!' }]).merged).toEqual([
      { t: 'a' },
      { t: 'b!' },
    ]);
    // Both added the same bullet: it is there once.
    expect(mergeThreeWay(['a'], ['a', 'n'], ['a', 'n']).merged).toEqual(['a', 'n']);
    expect(mergeThreeWay(['a', 'b'], ['a', 'n', 'b'], ['a', 'b', 'm']).merged).toEqual(['a', 'n', 'b', 'm']);
  });
});

/** Field names and distinct texts, so each side's edit can be told apart. */
const keys = ['heading', 'subheading', 'label', 'paragraph', 'title', 'badge'];
const record = fc.record(Object.fromEntries(keys.map((k) => [k, fc.string({ maxLength: 8 })])));

describe('mergeThreeWay properties', () => {
  it('one side unchanged: the result is the other side, with no conflicts', () => {
    fc.assert(
      fc.property(record, record, (base, other) => {
        expect(mergeThreeWay(base, base, other)).toEqual({ merged: other, conflicts: [] });
        expect(mergeThreeWay(base, other, base)).toEqual({ merged: other, conflicts: [] });
      }),
    );
  });

  it('edits of different fields all survive; the same field changed differently is the only conflict', () => {
    fc.assert(
      fc.property(record, fc.subarray(keys), fc.subarray(keys), (base, theirsKeys, mineKeys) => {
        const theirs = { ...base, ...Object.fromEntries(theirsKeys.map((k) => [k, `theirs ${k}`])) };
        const mine = { ...base, ...Object.fromEntries(mineKeys.map((k) => [k, `mine ${k}`])) };
        const { merged, conflicts } = mergeThreeWay(base, theirs, mine);
        const both = theirsKeys.filter((k) => mineKeys.includes(k));
        expect(conflicts.map((c) => c.path)).toEqual(keys.filter((k) => both.includes(k)).map((k) => [k]));
        for (const k of theirsKeys)
          if (!both.includes(k)) expect((merged as Record<string, Json>)[k]).toBe(`theirs ${k}`);
        for (const k of mineKeys)
          if (!both.includes(k)) expect((merged as Record<string, Json>)[k]).toBe(`mine ${k}`);
      }),
    );
  });

  it('an item inserted anywhere by one side and an item edited by the other both survive, in place', () => {
    const distinct = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), {
      minLength: 1,
      maxLength: 8,
    });
    fc.assert(
      fc.property(distinct, fc.nat(), fc.nat(), (base, insertAt, editAt) => {
        const at = insertAt % (base.length + 1);
        const edit = editAt % base.length;
        const theirs = [...base.slice(0, at), '+inserted+', ...base.slice(at)];
        const mine = base.map((item, i) => (i === edit ? `${item} (edited)` : item));
        const { merged, conflicts } = mergeThreeWay(base, theirs, mine);
        expect(conflicts).toEqual([]);
        const expected = [...mine.slice(0, at), '+inserted+', ...mine.slice(at)];
        expect(merged).toEqual(expected);
      }),
    );
  });
});
