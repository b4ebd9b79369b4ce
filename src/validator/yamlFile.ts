/**
 * Reads a YAML file keeping what is needed to point at a line and column later: the parsed Document
 * (with node ranges) and a LineCounter. Syntax errors are reported where the mistake starts (the
 * opening quote that is never closed, the line that is indented wrongly), in words an editor knows.
 */
import {
  type CST,
  isCollection,
  isMap,
  isPair,
  isScalar,
  LineCounter,
  Parser,
  parseDocument,
  type YAMLError,
} from 'yaml';
import type { ContentError } from './types.ts';

export interface YamlFile {
  /** Path relative to the content root. */
  file: string;
  /** The file's text as read. */
  text: string;
  /** The parsed data; undefined when the file has a syntax error. */
  data: unknown;
  /**
   * What could still be read from a file with a syntax error (the part before the mistake, as far
   * as the parser could tell), for checks that would otherwise fail for the wrong reason. Never
   * use it as content. Equal to `data` when there is no error.
   */
  partialData: unknown;
  locate: (
    segments: readonly (string | number)[],
    options?: { key?: string },
  ) => { line: number; column: number };
  syntaxErrors: ContentError[];
  /** Values followed by a `# comment` on their own line (YAML cuts a text at " #"). */
  commentedValues: CommentedValue[];
}

export interface CommentedValue {
  segments: (string | number)[];
  /** The value as read (the text before " #"; null when "#" comes right after "key:" or "- "). */
  value: unknown;
  /** Written without quotes (the only kind a " #" can cut). */
  plain: boolean;
  /** What YAML took as a comment, without the "#". */
  comment: string;
  line: number;
  column: number;
}

/** Some Windows editors begin a file with this invisible mark; it is not part of the text. */
const BYTE_ORDER_MARK = '\uFEFF';

export function parseYamlText(fileText: string, relPath: string): YamlFile {
  // Columns are counted as an editor shows them, without the mark.
  const text = fileText.startsWith(BYTE_ORDER_MARK) ? fileText.slice(1) : fileText;
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, {
    lineCounter,
    prettyErrors: false,
    uniqueKeys: true,
    // Reading what precedes a syntax error may print Node warnings (collection keys): not for editors.
    logLevel: 'error',
  });
  const syntaxErrors = doc.errors.length
    ? describeSyntaxErrors(text, doc.errors, lineCounter).map(
        ({ offset, message }): ContentError => ({
          file: relPath,
          ...position(lineCounter, offset),
          path: [],
          where: '',
          code: 'yaml-syntax',
          message: `YAML syntax: ${message}`,
        }),
      )
    : [];

  const locate: YamlFile['locate'] = (segments, options = {}) => {
    let node: unknown = doc.contents;
    let offset = startOf(node) ?? 0;
    for (const seg of segments) {
      const next = isCollection(node) ? node.get(seg, true) : undefined;
      if (next === undefined) break;
      node = next;
      offset = startOf(node) ?? offset;
    }
    if (options.key !== undefined && isMap(node)) {
      const pair = node.items.find(
        (p) => isPair(p) && isScalar(p.key) && String(p.key.value) === options.key,
      );
      const at = pair ? startOf(pair.key) : undefined;
      if (at !== undefined) offset = at;
    }
    return position(lineCounter, offset);
  };

  let data: unknown;
  let partialData: unknown;
  try {
    partialData = doc.toJS();
  } catch {
    partialData = undefined;
  }
  if (!doc.errors.length) data = partialData;

  const commentedValues: CommentedValue[] = [];
  const walk = (node: unknown, segments: (string | number)[]): void => {
    if (isMap(node)) {
      for (const pair of node.items)
        if (isScalar(pair.key)) walk(pair.value, [...segments, String(pair.key.value)]);
    } else if (isCollection(node)) {
      node.items.forEach((item, i) => {
        walk(item, [...segments, i]);
      });
    } else if (isScalar(node) && node.comment !== undefined && node.range) {
      const end = node.range[1];
      const hash = text.indexOf('#', end);
      if (hash < 0 || text.slice(end, hash).includes('\n')) return;
      commentedValues.push({
        segments,
        value: node.value,
        plain: node.type === 'PLAIN',
        comment: text
          .slice(hash + 1, text.indexOf('\n', hash) < 0 ? text.length : text.indexOf('\n', hash))
          .replace(/\r$/, ''),
        ...position(lineCounter, node.range[0]),
      });
    }
  };
  if (!doc.errors.length) walk(doc.contents, []);

  return { file: relPath, text, data, partialData, locate, syntaxErrors, commentedValues };
}

/**
 * A file read before, rebuilt from what was kept of it (its data and the values a comment cut; see
 * fileChecksCache.ts): it is parsed again only if a check asks where something is, which only a
 * mistake does. Only for a file that had no syntax error.
 */
export function keptYamlFile(
  fileText: string,
  relPath: string,
  data: unknown,
  commentedValues: CommentedValue[],
): YamlFile {
  let parsed: YamlFile | undefined;
  return {
    file: relPath,
    text: fileText.startsWith(BYTE_ORDER_MARK) ? fileText.slice(1) : fileText,
    data,
    partialData: data,
    locate: (segments, options) => {
      parsed ??= parseYamlText(fileText, relPath);
      return parsed.locate(segments, options);
    },
    syntaxErrors: [],
    commentedValues,
  };
}

function position(lineCounter: LineCounter, offset: number): { line: number; column: number } {
  const pos = lineCounter.linePos(offset);
  return { line: pos.line, column: pos.col };
}

function startOf(n: unknown): number | undefined {
  return isScalar(n) || isCollection(n) ? n.range?.[0] : undefined;
}

interface SyntaxProblem {
  offset: number;
  message: string;
  /**
   * True when the mistake is certain wherever it is (a tab, a repeated property, a quote or bracket
   * never closed). Other complaints are the parser's best guess, and after a first mistake it is
   * often derailed: such guesses are reported only when nothing comes before them.
   */
  certain: boolean;
}

/**
 * The parser's errors, moved to where the mistake starts and explained. One mistake often makes the
 * parser complain several times further on, so the report keeps the first problem of the file and
 * the later ones that are certain, at most one per line, and none after a quote or bracket that is
 * never closed (the rest of the file is swallowed by it).
 */
function describeSyntaxErrors(
  text: string,
  errors: readonly YAMLError[],
  lines: LineCounter,
): SyntaxProblem[] {
  const lineOf = (offset: number) => lineOfOffset(lines, offset);
  const unclosed = findUnclosed(text);
  const problems: SyntaxProblem[] = [];
  const sorted = [...errors].sort((a, b) => a.pos[0] - b.pos[0]);
  const busyLines = new Set<number>();
  for (const error of sorted) {
    const problem =
      lineTrap(text, lines, error.pos[0]) ??
      unclosedTrap(text, lines, unclosed, error) ??
      describe(text, error, sorted, unclosed, lines);
    const lineNo = lineOf(problem.offset);
    // A complaint on a line that already has one, or starting there, is a consequence of it.
    const consequence = busyLines.has(lineNo) || busyLines.has(lineOf(error.pos[0]));
    busyLines.add(lineOf(error.pos[0]));
    if (consequence || (!problem.certain && problems.length)) continue;
    if (problems.some((p) => p.offset === problem.offset)) continue;
    busyLines.add(lineNo);
    problems.push(problem);
  }
  problems.sort((a, b) => a.offset - b.offset);
  const firstUnclosed = problems.find((p) => unclosed.some((u) => u.offset === p.offset));
  return firstUnclosed ? problems.filter((p) => p.offset <= firstUnclosed.offset) : problems;
}

function describe(
  text: string,
  error: YAMLError,
  all: readonly YAMLError[],
  unclosed: readonly Unclosed[],
  lines: LineCounter,
): SyntaxProblem {
  const [start] = error.pos;
  const guess = (offset: number, message: string): SyntaxProblem => ({ offset, message, certain: false });
  // A line out of line: said as a tab when its indentation holds one (the usual invisible cause).
  const misaligned = (at: number, extra = ''): SyntaxProblem => {
    const first = firstCharOfLine(text, at, lines);
    const lineStart = lines.lineStarts[lineOfOffset(lines, at) - 1] ?? first;
    const tab = text.slice(lineStart, first).indexOf('\t');
    return tab >= 0
      ? { offset: lineStart + tab, message: TAB, certain: true }
      : guess(first, `${MISALIGNED}${extra}`);
  };
  const generic = () => guess(start, `${firstLine(error.message)}${GENERIC_HINT}`);
  switch (error.code) {
    case 'MISSING_CHAR': {
      // A quote never closed: the parser only notices at the end of the file.
      const quote = unclosed.find((u) => u.kind === 'quote' && u.offset < start);
      if (quote && /quote/.test(error.message)) return { ...quote, certain: true };
      if (/without - indicator/.test(error.message)) return misaligned(start, NEW_ITEM);
      return generic();
    }
    case 'BAD_INDENT': {
      // A [list] or {section} never closed: the parser notices on a later line.
      const bracket = unclosed.filter((u) => u.kind === 'bracket' && u.offset < start).at(-1);
      if (bracket && /^Flow (sequence|map)/.test(error.message)) return { ...bracket, certain: true };
      return misaligned(start);
    }
    case 'TAB_AS_INDENT':
      return { offset: start, message: TAB, certain: true };
    case 'DUPLICATE_KEY': {
      const line = text.slice(start).split('\n')[0] ?? '';
      const key = /^[\s-]*("[^"]*"|'[^']*'|[^:#]+?)\s*:/.exec(line)?.[1]?.replace(/^["']|["']$/g, '');
      return {
        offset: start,
        message: `${key ? `"${key}"` : 'this property'} appears twice in the same section. Each property may appear only once: remove or rename one of them.`,
        certain: true,
      };
    }
    case 'MULTILINE_IMPLICIT_KEY':
    case 'BLOCK_AS_IMPLICIT_KEY': {
      // A line indented further than its neighbours reads as the continuation of the text on the
      // line above ("implicit key over several lines"): the mistake is on that later line.
      const multiline = all.find(
        (e) =>
          e.code === 'MULTILINE_IMPLICIT_KEY' &&
          e.pos[0] === start &&
          lineOfOffset(lines, e.pos[1]) > lineOfOffset(lines, start),
      );
      if (multiline) return misaligned(multiline.pos[1]);
      if (/block sequence/.test(error.message)) return misaligned(start, NEW_ITEM);
      const rest = text.slice(start).split('\n')[0] ?? '';
      if (error.code === 'BLOCK_AS_IMPLICIT_KEY' && rest.includes(': ')) {
        const example = rest.includes('"') ? '' : ` Write it as "${rest.trim()}".`;
        return guess(
          start,
          `this text contains ": ", which YAML reads as the start of a new property. Put the whole text in "quotes".${example}`,
        );
      }
      return generic();
    }
    case 'UNEXPECTED_TOKEN': {
      // title: "Our work" in Bangalore: the quotes close before the text ends.
      const before = text.slice(lines.lineStarts[lineOfOffset(lines, start) - 1] ?? 0, start);
      if (/["'] +$/.test(before))
        return guess(
          start,
          'there is more text after the closing quote. Put the whole text inside the quotes, or leave the quotes out.',
        );
      return generic();
    }
    default:
      return generic();
  }
}

/**
 * Mistakes a writer makes on one line that the parser reports as something else (a misaligned
 * line, text after a closing quote): said as what they are, with the line to write.
 */
function lineTrap(text: string, lines: LineCounter, offset: number): SyntaxProblem | undefined {
  const lineNo = lineOfOffset(lines, offset);
  const start = lines.lineStarts[lineNo - 1] ?? 0;
  const end = text.indexOf('\n', start);
  const line = text.slice(start, end < 0 ? text.length : end).replace(/\r$/, '');
  if (DASHED.test(line)) {
    // Items written alike one under the other: the first of them is where the mistake starts.
    let first = lineNo;
    const lineText = (n: number) => {
      const from = lines.lineStarts[n - 1] ?? 0;
      const to = text.indexOf('\n', from);
      return text.slice(from, to < 0 ? text.length : to).replace(/\r$/, '');
    };
    const indent = /^\s*/.exec(line)?.[0] ?? '';
    while (first > 1 && DASHED.test(lineText(first - 1)) && lineText(first - 1).startsWith(`${indent}-`))
      first--;
    const firstLine = lineText(first);
    const more = lineNo - first;
    return {
      offset: (lines.lineStarts[first - 1] ?? 0) + indent.length,
      message: `a list item needs a space between the "-" and the item${more ? ` (on this line and the ${more === 1 ? 'next one' : `${more} next ones`})` : ''}. Write this line as: - ${firstLine.slice(indent.length + 1)}`,
      certain: true,
    };
  }
  const value = /^(\s*(?:-\s+)?(?:[^\s'"#][^:#]*:\s+)?)(.*)$/.exec(line);
  const before = value?.[1] ?? '';
  const rest = value?.[2] ?? '';
  if (rest.startsWith("'")) {
    const apostrophe = /\w'\w/.exec(rest);
    if (apostrophe && !/^'(?:[^']|'')*'\s*(#.*)?$/.test(rest)) {
      const inner = rest.replace(/^'|'\s*$/g, '');
      return {
        offset: start + before.length + apostrophe.index + 1,
        message: `this apostrophe ends the text that starts with ' (single quote). Put the text in double quotes instead: "${inner.replace(/"/g, '\\"')}" (or write the apostrophe twice: '${inner.replace(/'/g, "''")}').`,
        certain: true,
      };
    }
  }
  const curly = /^[“”„‘’«»]/.exec(rest);
  if (curly) {
    const inner = rest.replace(/^[“”„‘’«»]|[“”„‘’«»]\s*$/g, '').replace(/"/g, '\\"');
    return {
      offset: start + before.length,
      message: `this text starts with a typographic quote (${curly[0]}), which YAML does not read as a quote. Type straight quotes instead: ${before.trimStart()}"${inner}"`,
      certain: true,
    };
  }
  return undefined;
}

/** A quote never closed, on a line with a trap of its own (an apostrophe in single quotes). */
function unclosedTrap(
  text: string,
  lines: LineCounter,
  unclosed: readonly Unclosed[],
  error: YAMLError,
): SyntaxProblem | undefined {
  if (error.code !== 'MISSING_CHAR') return undefined;
  const quote = unclosed.find((u) => u.kind === 'quote' && u.offset < error.pos[0]);
  return quote ? lineTrap(text, lines, quote.offset) : undefined;
}

/** "-item" or -"item": a dash that touches what follows (not "---", not a negative number). */
const DASHED = /^\s*-(?![\s\d-])\S/;

const MISALIGNED =
  'this line does not line up with the other lines of its section. The properties of one section (and the items of one list) must start in the same column, indented with spaces.';
const TAB =
  'this line is indented with a tab. YAML needs spaces for indentation: replace the tab with spaces.';
const NEW_ITEM = ' If it starts a new item of a list, it needs "- " in front, lined up with the other items.';
const GENERIC_HINT = ' (text containing ": " or starting with a special character needs "quotes")';

function lineOfOffset(lines: LineCounter, offset: number): number {
  return lines.linePos(offset).line;
}

/** The first character that is not a space or a tab on the line holding `offset`. */
function firstCharOfLine(text: string, offset: number, lines: LineCounter): number {
  const lineStart = lines.lineStarts[lineOfOffset(lines, offset) - 1] ?? offset;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))?.[0].length ?? 0;
  return lineStart + indent;
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}

interface Unclosed {
  kind: 'quote' | 'bracket';
  /** Where the opening quote or bracket is. */
  offset: number;
  message: string;
}

/** Quoted texts and [lists] / {sections} whose opening mark is never matched by a closing one. */
function findUnclosed(text: string): Unclosed[] {
  const found: Unclosed[] = [];
  const visit = (token: CST.Token | null | undefined): void => {
    if (!token) return;
    switch (token.type) {
      case 'document':
        visit(token.value);
        return;
      case 'double-quoted-scalar':
      case 'single-quoted-scalar': {
        const q = token.type === 'double-quoted-scalar' ? '"' : "'";
        const closed =
          q === '"' ? /^"(?:[^"\\]|\\[\s\S])*"$/.test(token.source) : /^'(?:[^']|'')*'$/.test(token.source);
        if (!closed)
          found.push({
            kind: 'quote',
            offset: token.offset,
            message: `the text that starts with ${q} here is never closed. Add the closing ${q} at the end of the text (or remove this one if the text needs no quotes).`,
          });
        return;
      }
      case 'flow-collection': {
        const isList = token.start.source === '[';
        const closer = isList ? ']' : '}';
        if (!token.end.some((t) => t.source === closer))
          found.push({
            kind: 'bracket',
            offset: token.start.offset,
            message: isList
              ? 'the list that starts with "[" here is never closed. Add "]" after its last item, on the same line (or write the items on lines of their own, each starting with "- ").'
              : 'the section that starts with "{" here is never closed. Add "}" after its last "name: value", on the same line.',
          });
        for (const item of token.items) {
          visit(item.key);
          visit(item.value);
        }
        return;
      }
      case 'block-map':
      case 'block-seq':
        for (const item of token.items) {
          visit(item.key);
          visit(item.value);
        }
        return;
      default:
        return;
    }
  };
  for (const token of new Parser().parse(text)) visit(token);
  return found.sort((a, b) => a.offset - b.offset);
}
