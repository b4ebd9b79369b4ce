/**
 * The minimal-diff YAML writer of the visual editor: given a file's text and the value it should
 * hold next, returns the new text in which only the lines of the values that changed differ.
 * It edits the file's concrete syntax tree (yaml's CST: every token, comments and blank lines
 * included) and prints it back token by token, so everything untouched stays byte-identical.
 *
 * - a changed scalar keeps its quoting or folding when the new value can be written that way;
 * - list items are matched to the old ones (equal, moved, or changed in place), so adding,
 *   removing or reordering items moves their text, comments included, without rewriting it;
 * - map keys stay in the file's order (JSON objects have none that matters); new keys go after
 *   the key that precedes them in the new value. A different key order in the new value is
 *   deliberately neither applied nor refused: the editor has no control that orders keys, and it
 *   rebuilds objects in its own order (src/admin/content/document.ts's pageOf puts `blocks` last),
 *   so applying it would move lines the user never touched and refusing it would fail such saves;
 * - what cannot be edited in place (a text that becomes a list, say) is written anew as that
 *   one entry.
 * Every result is parsed again and compared with the requested value; a mismatch is refused
 * (YamlWriteError), never written.
 */
import { CST, Parser, parseDocument, stringify } from 'yaml';
import { isObject, isScalar, type Json, jsonEqual } from './json.ts';
import { matchItems } from './matchItems.ts';
import { isScalarToken, setScalar } from './scalars.ts';

export class YamlWriteError extends Error {}

type Item = CST.CollectionItem;
type Entry = 'blank' | string;

export function writeYaml(text: string, next: Json): string {
  const original = parseDocument(text);
  if (original.errors.length)
    throw new YamlWriteError(`The file has a YAML error: ${original.errors[0]?.message}`);
  const old = original.toJS() as Json;
  if (jsonEqual(old, next)) return text;
  const tokens = [...new Parser().parse(text)];
  const docs = tokens.filter((t): t is CST.Document => t.type === 'document');
  const doc = docs[0];
  if (docs.length !== 1 || !doc?.value)
    throw new YamlWriteError('Only a file with one YAML document can be edited.');
  if (!editValue(doc.value, old, next, { indent: 0, inFlow: false }))
    throw new YamlWriteError('The new value cannot be written into this file.');
  const out = tokens.map((t) => CST.stringify(t)).join('');
  verify(out, next);
  return out;
}

/** Refuses a text that does not read back as the requested value. */
export function verify(out: string, next: Json): void {
  const check = parseDocument(out);
  if (check.errors.length || !jsonEqual(check.toJS(), next))
    throw new YamlWriteError(
      'The change could not be written without altering other values; nothing was saved.',
    );
}

interface Where {
  /** Column of the collection holding the value. */
  indent: number;
  inFlow: boolean;
}

/** Edits `tok` in place to hold `next`; false when it must be written anew by its owner. */
function editValue(tok: CST.Token, old: Json, next: Json, where: Where): boolean {
  if (jsonEqual(old, next)) return true;
  if (isScalarToken(tok) && isScalar(next) && isScalar(old)) {
    setScalar(tok, next, { inFlow: where.inFlow, indent: where.indent + 2 });
    return true;
  }
  if (tok.type === 'block-map' && isObject(old) && isObject(next) && Object.keys(next).length)
    return editBlockMap(tok, old, next);
  if (tok.type === 'block-seq' && Array.isArray(old) && Array.isArray(next) && next.length)
    return editBlockSeq(tok, old, next);
  if (tok.type === 'flow-collection') return editFlow(tok, old, next);
  return false;
}

function keyOf(item: Item): string | undefined {
  if (!item.key || !isScalarToken(item.key)) return undefined;
  return CST.resolveAsScalar(item.key)?.value;
}

interface Slot {
  item: Item;
  entries: Entry[];
  /** Written anew or first before: gets the blank line the collection puts between items. */
  fresh: boolean;
}

function editBlockMap(tok: CST.BlockMap, old: { [k: string]: Json }, next: { [k: string]: Json }): boolean {
  const items = tok.items as Item[];
  const keys = items.map(keyOf);
  if (keys.some((k) => k === undefined || !Object.hasOwn(old, k))) return false;
  const slots: (Slot & { key: string })[] = [];
  items.forEach((item, i) => {
    const key = keys[i] as string;
    if (!Object.hasOwn(next, key) || next[key] === undefined) return;
    const value = next[key] as Json;
    slots.push({
      ...slotFor(item, i, old[key] as Json, value, tok.indent, () => renderPair(key, value, tok.indent)),
      key,
    });
  });
  const order = Object.keys(next).filter((k) => next[k] !== undefined);
  order.forEach((key, n) => {
    if (keys.includes(key)) return;
    const before = order
      .slice(0, n)
      .reverse()
      .find((k) => slots.some((s) => s.key === k));
    const at = before === undefined ? 0 : slots.findIndex((s) => s.key === before) + 1;
    slots.splice(at, 0, {
      item: renderPair(key, next[key] as Json, tok.indent),
      entries: [],
      fresh: true,
      key,
    });
  });
  tok.items = layout(slots, tok.indent, items) as CST.BlockMap['items'];
  return true;
}

function editBlockSeq(tok: CST.BlockSequence, old: Json[], next: Json[]): boolean {
  const items = tok.items as Item[];
  if (items.length !== old.length) return false;
  const match = matchItems(old, next);
  // A new text in a list whose texts are all "double-quoted" is written the same way.
  const quoted = items.length > 0 && items.every((it) => it.value?.type === 'double-quoted-scalar');
  const slots = next.map((value, j): Slot => {
    const i = match[j];
    if (i === null || i === undefined) {
      const item = renderSeqItem(value, tok.indent);
      if (
        quoted &&
        typeof value === 'string' &&
        item.value &&
        isScalarToken(item.value) &&
        item.value.type !== 'block-scalar'
      )
        setScalar(item.value, value, { inFlow: false, indent: tok.indent + 2, style: 'QUOTE_DOUBLE' });
      return { item, entries: [], fresh: true };
    }
    return slotFor(items[i] as Item, i, old[i] as Json, value, tok.indent, () =>
      renderSeqItem(value, tok.indent),
    );
  });
  tok.items = layout(slots, tok.indent, items) as CST.BlockSequence['items'];
  return true;
}

/** An existing item with its value edited, or written anew (keeping its comments) if it cannot be. */
function slotFor(item: Item, index: number, old: Json, next: Json, indent: number, render: () => Item): Slot {
  const entries = triviaEntries(item.start, index > 0);
  if (item.value && editValue(item.value, old, next, { indent, inFlow: false }))
    return { item, entries, fresh: index === 0 };
  return { item: render(), entries, fresh: true };
}

/** Gives every item the leading blank lines, comments and indentation of its new position. */
function layout(slots: Slot[], indent: number, before: Item[]): Item[] {
  const blankBetween = before.slice(1).some((it) => triviaEntries(it.start, true)[0] === 'blank');
  return slots.map((slot, n) => {
    const entries = [...slot.entries];
    if (n === 0) while (entries[0] === 'blank') entries.shift();
    else if (slot.fresh && blankBetween && entries[0] !== 'blank') entries.unshift('blank');
    const rest = slot.item.start.slice(triviaLength(slot.item.start));
    slot.item.start = [...emitTrivia(entries, n === 0, indent), ...rest];
    return slot.item;
  });
}

const isTrivia = (t: CST.SourceToken) => t.type === 'newline' || t.type === 'space' || t.type === 'comment';

function triviaLength(start: CST.SourceToken[]): number {
  const i = start.findIndex((t) => !isTrivia(t));
  return i < 0 ? start.length : i;
}

/** The blank lines and comments before an item. */
function triviaEntries(start: CST.SourceToken[], atLineStart: boolean): Entry[] {
  const entries: Entry[] = [];
  let lineStart = atLineStart;
  for (const t of start.slice(0, triviaLength(start))) {
    if (t.type === 'newline') {
      if (lineStart) entries.push('blank');
      lineStart = true;
    } else if (t.type === 'comment') {
      entries.push(t.source);
      lineStart = false;
    }
  }
  return entries;
}

function source(type: CST.SourceToken['type'], text: string, indent: number): CST.SourceToken {
  return { type, offset: -1, indent, source: text };
}

function emitTrivia(entries: Entry[], first: boolean, indent: number): CST.SourceToken[] {
  const pad = indent > 0 ? [source('space', ' '.repeat(indent), 0)] : [];
  const out: CST.SourceToken[] = [];
  for (const e of entries) {
    if (e === 'blank') out.push(source('newline', '\n', indent));
    else if (first) out.push(source('comment', e, indent), source('newline', '\n', indent));
    else out.push(...pad, source('comment', e, indent), source('newline', '\n', indent));
  }
  // The first item starts where its owner left off (after "key:\n  " or "- "), on its column.
  if (!first || out.length) out.push(...pad);
  return out;
}

/** Parses `text` (already indented) and returns the items of its top collection. */
function parseItems(text: string): Item[] {
  const doc = [...new Parser().parse(text)].find((t): t is CST.Document => t.type === 'document');
  const value = doc?.value;
  if (value?.type !== 'block-map' && value?.type !== 'block-seq')
    throw new YamlWriteError('Could not write the new value.');
  return value.items as Item[];
}

function indentLines(text: string, indent: number): string {
  const pad = ' '.repeat(indent);
  return text.replace(/^(?=.)/gm, pad);
}

const renderOptions = { lineWidth: 0, aliasDuplicateObjects: false } as const;

function renderPair(key: string, value: Json, indent: number): Item {
  const item = parseItems(indentLines(stringify({ [key]: value }, renderOptions), indent))[0];
  if (!item) throw new YamlWriteError('Could not write the new value.');
  return item;
}

function renderSeqItem(value: Json, indent: number): Item {
  const item = parseItems(indentLines(stringify([value], renderOptions), indent))[0];
  if (!item) throw new YamlWriteError('Could not write the new value.');
  return item;
}

/** A flow collection ([a, b] or {a: 1}): scalars edited in place, anything else written anew. */
function editFlow(tok: CST.FlowCollection, old: Json, next: Json): boolean {
  const isSeq = tok.start.type === 'flow-seq-start';
  const sameShape = isSeq
    ? Array.isArray(old) && Array.isArray(next) && old.length === next.length
    : isObject(old) &&
      isObject(next) &&
      Object.keys(old).length === Object.keys(next).length &&
      Object.keys(old).every((k) => Object.hasOwn(next, k));
  if (
    sameShape &&
    tok.items.length === (isSeq ? (old as Json[]).length : Object.keys(old as object).length)
  ) {
    const inPlace = tok.items.every((item, i) => {
      const key = isSeq ? i : keyOf(item);
      if (key === undefined || !item.value) return false;
      const o = (old as Record<string | number, Json>)[key];
      const n = (next as Record<string | number, Json>)[key];
      return o !== undefined && n !== undefined && (jsonEqual(o, n) || (isScalar(o) && isScalar(n)));
    });
    if (inPlace) {
      tok.items.forEach((item, i) => {
        const key = isSeq ? i : (keyOf(item) as string);
        const o = (old as Record<string | number, Json>)[key] as Json;
        const n = (next as Record<string | number, Json>)[key] as Json;
        if (item.value) editValue(item.value, o, n, { indent: tok.indent, inFlow: true });
      });
      return true;
    }
  }
  if (!Array.isArray(next) && !isObject(next)) return false;
  const flowText = stringify(next, {
    ...renderOptions,
    collectionStyle: 'flow',
    flowCollectionPadding: false,
  }).trimEnd();
  if (flowText.includes('\n')) return false;
  const doc = [...new Parser().parse(`${flowText}\n`)].find((t): t is CST.Document => t.type === 'document');
  const value = doc?.value;
  if (value?.type !== 'flow-collection') return false;
  const closing = value.end.find((t) => t.type === 'flow-seq-end' || t.type === 'flow-map-end');
  const closeAt = tok.end.findIndex((t) => t.type === 'flow-seq-end' || t.type === 'flow-map-end');
  if (!closing || closeAt < 0) return false;
  tok.start = value.start;
  tok.items = value.items;
  tok.end = [closing, ...tok.end.slice(closeAt + 1)];
  return true;
}
