// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { contentFiles, type Leaf, leaves } from './contentFiles.testSupport.ts';
import { isObject, type Json } from './json.ts';
import { writeYaml, YamlWriteError } from './writeYaml.ts';

function setAt(value: Json, path: (string | number)[], next: Json): Json {
  const copy = structuredClone(value);
  let at: Json = copy;
  for (const k of path.slice(0, -1)) at = (at as Record<string | number, Json>)[k] as Json;
  (at as Record<string | number, Json>)[path[path.length - 1] as string | number] = next;
  return copy;
}

/** A different value of the same kind: longer text (a word inside a folded text), n + 1, not b. */
function changed(leaf: Leaf): Json {
  const v = leaf.value;
  if (typeof v === 'number') return v + 1;
  if (typeof v === 'boolean') return !v;
  if (typeof v === 'string') {
    const space = v.indexOf(' ', Math.floor(v.length / 2));
    return space > 0 ? `${v.slice(0, space)} edited${v.slice(space)}` : `${v}-edited`;
  }
  return 'edited';
}

/** The lines before `first` and after `last` are the same in both texts. */
function onlyLinesBetween(before: string, after: string, first: number, last: number) {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b.slice(0, first)).toEqual(a.slice(0, first));
  const tail = a.length - last - 1;
  expect(b.slice(b.length - tail)).toEqual(a.slice(a.length - tail));
}

describe('writeYaml on every content file', () => {
  for (const { file, text } of contentFiles()) {
    it(`${file}: each scalar value changed alone rewrites only its own lines`, () => {
      const data = parse(text) as Json;
      const kinds = new Set<string>();
      for (const leaf of leaves(text)) {
        kinds.add(leaf.kind);
        const next = setAt(data, leaf.path, changed(leaf));
        const out = writeYaml(text, next);
        expect(parse(out)).toEqual(next);
        onlyLinesBetween(text, out, leaf.lines[0], leaf.lines[1]);
      }
      expect(kinds.has('PLAIN')).toBe(true);
    });
  }

  it('keeps the style of each kind of scalar', () => {
    const text = [
      '# yaml-language-server: $schema=x.json',
      'plain: a b   # trailing comment',
      "single: 'it is'",
      'double: "x: y"',
      'folded: >-',
      '  one two three four five six seven eight nine ten eleven twelve thirteen fourteen',
      '  fifteen sixteen',
      'literal: |',
      '  line one',
      '  line two',
      'n: 5',
      'flag: true',
      '',
    ].join('\n');
    const next = {
      plain: 'a c',
      single: 'it was',
      double: 'x: z',
      folded:
        'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen',
      literal: 'line one\nline three\n',
      n: 6,
      flag: false,
    };
    expect(writeYaml(text, next)).toBe(
      [
        '# yaml-language-server: $schema=x.json',
        'plain: a c   # trailing comment',
        "single: 'it was'",
        'double: "x: z"',
        'folded: >-',
        '  one two three four five six seven eight nine ten eleven twelve thirteen fourteen',
        '  fifteen sixteen seventeen',
        'literal: |',
        '  line one',
        '  line three',
        'n: 6',
        'flag: false',
        '',
      ].join('\n'),
    );
  });

  it('quotes a plain text that would otherwise read as another type or break the YAML', () => {
    const text = 'a: hello\nb: world\nc: x\n';
    const out = writeYaml(text, { a: '123', b: 'key: value', c: 'true' });
    expect(parse(out)).toEqual({ a: '123', b: 'key: value', c: 'true' });
    expect(out).toBe('a: "123"\nb: "key: value"\nc: "true"\n');
  });
});

describe('writeYaml structure edits', () => {
  const page = [
    'path: /x',
    '# the blocks',
    'blocks:',
    '  - type: hero',
    '    heading: Hi # greeting',
    '',
    '  # second block',
    '  - type: text',
    '    body: Words',
    '',
    '  - type: cta',
    '    colors: ["#fff", "#000"]',
    'tail: end',
    '',
  ].join('\n');
  const data = parse(page) as { blocks: Json[] } & Record<string, Json>;
  const [b0, b1, b2] = data.blocks as [Json, Json, Json];

  it('adds a block with the blank line the list uses and leaves the others alone', () => {
    const next = {
      ...data,
      blocks: [...data.blocks.slice(0, 2), { type: 'new', heading: 'N' }, b2],
    };
    expect(writeYaml(page, next)).toBe(
      page.replace('  - type: cta', '  - type: new\n    heading: N\n\n  - type: cta'),
    );
  });

  it('removes a block together with its comment', () => {
    const next = { ...data, blocks: [b0, b2] };
    expect(writeYaml(page, next)).toBe(
      page.replace('  # second block\n  - type: text\n    body: Words\n\n', ''),
    );
  });

  it('moves a block with its comment and keeps every line of it', () => {
    const next = { ...data, blocks: [b1, b0, b2] };
    const out = writeYaml(page, next);
    expect(parse(out)).toEqual(next);
    expect(out).toContain('    heading: Hi # greeting\n');
    expect(out).toContain('  # second block\n  - type: text\n');
    expect(out.split('\n').sort()).toEqual(page.split('\n').sort());
  });

  it('adds and removes map keys in place, and ignores a new key order', () => {
    const { path: _p, ...rest } = data;
    const next = { tail: 'end', blocks: rest.blocks, added: 'yes', path: '/x' } as Json;
    const out = writeYaml(page, next);
    // After the key before it in the new value (blocks); the other keys keep the file's order.
    expect(out).toBe(page.replace('tail: end\n', 'added: yes\ntail: end\n'));
    const removed = writeYaml(page, { path: '/x', blocks: data.blocks });
    expect(removed).toBe(page.replace('tail: end\n', ''));
  });

  it('edits flow lists: a scalar in place, a longer list on its own line', () => {
    const blocks = structuredClone(data.blocks) as { colors?: string[] }[];
    const cta = blocks[2] as { colors?: string[] };
    cta.colors = ['#fff', '#111'];
    expect(writeYaml(page, { ...data, blocks } as Json)).toBe(page.replace('"#000"', '"#111"'));
    cta.colors = ['#fff', '#111', '#222'];
    expect(writeYaml(page, { ...data, blocks } as Json)).toBe(
      page.replace('["#fff", "#000"]', '["#fff", "#111", "#222"]'),
    );
  });

  it('writes a value that changes kind as that one entry', () => {
    const next = { ...data, tail: ['a', 'b'] };
    expect(writeYaml(page, next)).toBe(page.replace('tail: end\n', 'tail:\n  - a\n  - b\n'));
  });

  it('writes a new text in a list of double-quoted texts with double quotes too', () => {
    const text = 'bullets:\n  - "One: first"\n  - "Two"\n';
    expect(writeYaml(text, { bullets: ['One: first', 'Two', 'Three'] })).toBe(`${text}  - "Three"\n`);
  });

  it('refuses a file with a YAML error rather than guessing', () => {
    expect(() => writeYaml('a: [1\n', { a: 1 })).toThrow(YamlWriteError);
  });
});

/** Random edits anywhere in a real page: the result always reads back as the requested value. */
describe('writeYaml property', () => {
  const files = contentFiles();
  const scalar = fc.oneof(
    fc.string(),
    fc.constantFrom(
      '',
      ' lead',
      'trail ',
      'a: b',
      '- x',
      '#x',
      'yes',
      'null',
      '12',
      '"q"',
      "it's",
      'two\nlines\n',
    ),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
  );
  type Edit = { pick: number; op: number; value: Json; at: number };
  const edit = fc.record({
    pick: fc.nat(),
    op: fc.nat(5),
    value: scalar as fc.Arbitrary<Json>,
    at: fc.nat(),
  });

  function containers(v: Json, at: (string | number)[] = []): { path: (string | number)[]; value: Json }[] {
    if (Array.isArray(v)) return [{ path: at, value: v }, ...v.flatMap((x, i) => containers(x, [...at, i]))];
    if (isObject(v))
      return [{ path: at, value: v }, ...Object.entries(v).flatMap(([k, x]) => containers(x, [...at, k]))];
    return [];
  }

  function apply(data: Json, e: Edit): Json {
    const copy = structuredClone(data);
    const all = containers(copy);
    const { value: c } = all[e.pick % all.length] as { value: Json };
    if (Array.isArray(c)) {
      const i = c.length ? e.at % c.length : 0;
      if (e.op === 0 && c.length) c[i] = e.value;
      else if (e.op === 1 && c.length > 1) c.splice(i, 1);
      else if (e.op === 2)
        c.splice(i, 0, c.length ? structuredClone(c[(i + 1) % c.length] as Json) : e.value);
      else if (e.op === 3 && c.length > 1) c.push(...c.splice(i, 1));
      else c.splice(i, 0, e.value);
    } else if (isObject(c)) {
      const keys = Object.keys(c);
      const k = keys[e.at % Math.max(keys.length, 1)];
      if (e.op <= 1 && k) c[k] = e.value;
      else if (e.op === 2 && k && keys.length > 1) delete c[k];
      else c[`new${e.at % 3}`] = e.value;
    }
    return copy;
  }

  it('random edits round-trip to the requested value', () => {
    fc.assert(
      fc.property(fc.nat(files.length - 1), fc.array(edit, { minLength: 1, maxLength: 4 }), (f, edits) => {
        const { text } = files[f] as { text: string };
        const next = edits.reduce((d, e) => apply(d, e), parse(text) as Json);
        expect(parse(writeYaml(text, next))).toEqual(next);
      }),
      { numRuns: 300 },
    );
  });
});
