/**
 * `node --import tsx server/editor/yaml/measureDiff.ts`: changes each scalar value of every content
 * file alone and counts the changed lines (removed + added) of writeYaml against re-printing the
 * document with yaml's Document.toString(), the usual way to write YAML back.
 */
import { parse, parseDocument } from 'yaml';
import { contentFiles, leaves } from './contentFiles.testSupport.ts';
import type { Json } from './json.ts';
import { changedLineCount } from './lineDiff.ts';
import { writeYaml } from './writeYaml.ts';

const ours: number[] = [];
const theirs: number[] = [];
for (const { text } of contentFiles()) {
  for (const leaf of leaves(text)) {
    const v = leaf.value;
    const value = typeof v === 'number' ? v + 1 : typeof v === 'boolean' ? !v : `${v ?? ''} edited`;
    const next = structuredClone(parse(text)) as Record<string | number, Json>;
    let at: Record<string | number, Json> = next;
    for (const k of leaf.path.slice(0, -1)) at = at[k] as Record<string | number, Json>;
    at[leaf.path[leaf.path.length - 1] as string | number] = value;
    ours.push(changedLineCount(text, writeYaml(text, next as Json)));
    const doc = parseDocument(text);
    doc.setIn(leaf.path, value);
    theirs.push(changedLineCount(text, doc.toString()));
  }
}
const mean = (xs: number[]) => (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(2);
const max = (xs: number[]) => Math.max(...xs);
console.log(`${ours.length} one-value edits over ${contentFiles().length} files`);
console.log(`writeYaml:           mean ${mean(ours)} changed lines, max ${max(ours)}`);
console.log(`Document.toString(): mean ${mean(theirs)} changed lines, max ${max(theirs)}`);
