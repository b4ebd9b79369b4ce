/**
 * Generates the site's illustrations into public/ (run: npm run artwork). Deterministic: the same
 * code always writes the same bytes. scripts/artwork/artwork.test.ts checks that public/ holds
 * exactly these files and that each is valid SVG of its slot's size, in the palette's colours,
 * with no external reference.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { otherFiles, svgFiles } from './files.ts';

const PUBLIC = fileURLToPath(new URL('../../public/', import.meta.url));

const files = [...svgFiles(), ...(await otherFiles())];
let total = 0;
let biggest: [string, number] = ['', 0];
for (const [rel, data] of files) {
  const p = join(PUBLIC, rel);
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, data);
  const bytes = Buffer.byteLength(data);
  total += bytes;
  if (rel.endsWith('.svg') && bytes > biggest[1]) biggest = [rel, bytes];
}
console.log(
  `artwork: ${files.length} files, ${(total / 1024).toFixed(1)} KB total; largest SVG ${biggest[0]} (${(biggest[1] / 1024).toFixed(1)} KB)`,
);
