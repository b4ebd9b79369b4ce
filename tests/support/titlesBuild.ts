/**
 * A quick stand-in for scripts/build.ts (server/editor/drafts/drafts.test.ts): takes the same
 * options and writes one page listing every content page's file and title, the forms' facts and a
 * release. A page titled "Break the build" makes it fail, as a content error stops the real one.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';

const { values } = parseArgs({
  options: { content: { type: 'string', default: '.' }, out: { type: 'string', default: 'dist' } },
  strict: false,
});
const content = path.resolve(String(values.content));
const out = path.resolve(String(values.out));
const pages = readdirSync(path.join(content, 'pages'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .map((f) => {
    const title = (parse(readFileSync(path.join(content, 'pages', f), 'utf8')) as { title?: string }).title;
    return { file: `pages/${f}`, title: title ?? '' };
  });
const broken = pages.find((p) => p.title === 'Break the build');
if (broken) {
  console.error(`${broken.file}:1:1 the title says to break the build`);
  process.exit(1);
}
mkdirSync(path.join(out, 'client'), { recursive: true });
writeFileSync(
  path.join(out, 'client', 'index.html'),
  pages.map((p) => `<p>${p.file}: ${p.title}</p>`).join('\n'),
);
writeFileSync(
  path.join(out, 'site-facts.json'),
  JSON.stringify({ backend: '/backend', url: 'https://example.com', serviceTypes: [], positions: [] }),
);
writeFileSync(
  path.join(out, 'release.json'),
  JSON.stringify({ content: null, code: 'titles', builtAt: new Date().toISOString() }),
);
console.log(`STEP done ${pages.length}`);
