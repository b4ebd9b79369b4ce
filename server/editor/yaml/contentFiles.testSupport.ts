/** The repository's content files (site.yaml and every page), for tests and measurements. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isMap, isScalar, isSeq, type Node, parseDocument, type Scalar } from 'yaml';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function contentFiles(): { file: string; text: string }[] {
  const pages = readdirSync(path.join(repoRoot, 'pages'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => `pages/${f.split(path.sep).join('/')}`)
    .sort();
  return ['site.yaml', ...pages].map((file) => ({
    file,
    text: readFileSync(path.join(repoRoot, file), 'utf8'),
  }));
}

export interface Leaf {
  path: (string | number)[];
  value: string | number | boolean | null;
  /** PLAIN, QUOTE_DOUBLE, QUOTE_SINGLE, BLOCK_FOLDED, BLOCK_LITERAL, or the JS type for non-strings. */
  kind: string;
  /** First and last line (0-based) the value is written on. */
  lines: [number, number];
}

/** Every scalar value of a file with where it is written. */
export function leaves(text: string): Leaf[] {
  const doc = parseDocument(text);
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length - 1;
  const out: Leaf[] = [];
  const walk = (node: Node | null | undefined, at: (string | number)[]) => {
    if (isMap(node))
      for (const pair of node.items) walk(pair.value as Node, [...at, String((pair.key as Scalar).value)]);
    else if (isSeq(node))
      node.items.forEach((n, i) => {
        walk(n as Node, [...at, i]);
      });
    else if (isScalar(node) && node.range) {
      const value = node.value as Leaf['value'];
      const end = node.range[1] > node.range[0] ? node.range[1] - 1 : node.range[0];
      out.push({
        path: at,
        value,
        kind: typeof value === 'string' ? String(node.type) : typeof value,
        lines: [lineOf(node.range[0]), lineOf(end)],
      });
    }
  };
  walk(doc.contents as Node, []);
  return out;
}
