/**
 * Reads a YAML file keeping what is needed to point at a line and column later:
 * the parsed Document (with node ranges) and a LineCounter.
 */
import { readFileSync } from 'node:fs';
import { isMap, isPair, isScalar, LineCounter, type Node, parseDocument } from 'yaml';
import type { ContentError } from './types.ts';

export interface YamlFile {
  /** Path relative to the content root. */
  file: string;
  data: unknown;
  locate: (
    segments: readonly (string | number)[],
    options?: { key?: string },
  ) => { line: number; column: number };
  syntaxErrors: ContentError[];
}

export function readYamlFile(absPath: string, relPath: string): YamlFile {
  return parseYamlText(readFileSync(absPath, 'utf8'), relPath);
}

export function parseYamlText(text: string, relPath: string): YamlFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const syntaxErrors: ContentError[] = [...doc.errors, ...doc.warnings].map((e) => {
    const pos = lineCounter.linePos(e.pos[0]);
    return {
      file: relPath,
      line: pos.line,
      column: pos.col,
      where: '',
      message: `YAML syntax: ${firstLine(e.message)}${syntaxHint(e.code)}`,
    };
  });

  const locate: YamlFile['locate'] = (segments, options = {}) => {
    let node: unknown = doc.contents;
    let offset = 0;
    const startOf = (n: unknown): number | undefined =>
      n && typeof n === 'object' && 'range' in n && Array.isArray((n as Node).range)
        ? (n as Node).range?.[0]
        : undefined;
    offset = startOf(node) ?? 0;
    for (const seg of segments) {
      const next = childOf(node, seg);
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
    const pos = lineCounter.linePos(offset);
    return { line: pos.line, column: pos.col };
  };

  return {
    file: relPath,
    data: doc.errors.length ? undefined : doc.toJS(),
    locate,
    syntaxErrors: doc.errors.length ? syntaxErrors : [],
  };
}

function childOf(node: unknown, seg: string | number): unknown {
  if (
    node &&
    typeof node === 'object' &&
    'get' in node &&
    typeof (node as { get: unknown }).get === 'function'
  ) {
    return (node as { get: (k: unknown, keep: boolean) => unknown }).get(seg, true);
  }
  return undefined;
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}

/** Plain-English help for the syntax mistakes people really make in YAML. */
function syntaxHint(code: string): string {
  switch (code) {
    case 'BAD_INDENT':
    case 'MISSING_CHAR':
      return ' (check the indentation: items of one list or map must line up, using spaces, not tabs)';
    case 'TAB_AS_INDENT':
      return ' (YAML needs spaces for indentation, not tabs)';
    case 'DUPLICATE_KEY':
      return ' (each property may appear only once in the same section)';
    case 'BLOCK_AS_IMPLICIT_KEY':
      return ' (a line ending in ":" may be missing, or text containing ": " needs quotes)';
    default:
      return ' (text containing ": " or starting with a special character needs "quotes")';
  }
}
