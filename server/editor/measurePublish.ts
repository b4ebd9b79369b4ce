/**
 * `node --import tsx server/editor/measurePublish.ts`: Publish -> live for one changed page, on a
 * copy of the repository's content: the time from Publish until the new build is served (the
 * first swap), and until Publish reports done (DIST_DIR/client replaced too).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SitePublisher } from './publish.ts';

const repo = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'triune-publish-'));
const content = path.join(work, 'content');
for (const part of ['site.yaml', 'pages', 'public'])
  cpSync(path.join(repo, part), path.join(content, part), { recursive: true });
mkdirSync(path.join(work, 'dist', 'client'), { recursive: true });
const about = path.join(content, 'pages/about.yaml');
writeFileSync(about, readFileSync(about, 'utf8').replace(/^title: .*$/m, 'title: About Us, measured'));

let served = path.join(work, 'dist', 'client');
let liveAt = 0;
const started = Date.now();
const publisher = new SitePublisher({
  contentDir: content,
  distDir: path.join(work, 'dist'),
  served: () => ({
    clientDir: () => served,
    swap: (dir) => {
      served = dir;
      liveAt ||= Date.now();
    },
  }),
});
publisher.start();
await publisher.settled();
const state = publisher.state();
console.log(`state: ${state.state} — ${state.message?.split('\n')[0]}`);
console.log(
  `Publish -> live: ${((liveAt - started) / 1000).toFixed(1)} s; Publish -> done: ${((state.durationMs ?? 0) / 1000).toFixed(1)} s`,
);
rmSync(work, { recursive: true, force: true });
