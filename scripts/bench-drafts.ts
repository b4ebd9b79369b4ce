/**
 * `npm run bench:drafts [-- --sizes 31,1031]`: what drafts add to the editor's work as the site
 * grows (issue 35), on a content repository of that many pages (copies of a service page): listing
 * the drafts (the page list asks on every load), and taking one page's draft into the live branch
 * for a Publish (the publish gate checks every link of the site) and back, and making the refs of
 * the drafts (refs/drafts/…) again: after one save (one draft's ref moves) and after a Publish (every
 * draft's ref is made again on the new live commit), with 50 drafts. Prints the median of five runs
 * of each, in milliseconds; the build itself is measured by bench:build.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { refreshDraftRefs } from '../server/editor/drafts/draftRefs.ts';
import { localDrafts } from '../server/editor/drafts/drafts.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({ options: { sizes: { type: 'string', default: '31,1031' } } });
const SOURCE = 'pages/services/iot.yaml';
const STAFF = { name: 'Bench', email: 'bench@example.com' };

const git = (cwd: string, ...a: string[]) => execFileSync('git', a, { cwd, stdio: 'pipe' });
/** git as the bench's author. */
const asBench = (cwd: string, ...a: string[]) =>
  git(cwd, '-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', ...a);

/** A content repository of about `pages` pages: today's, and copies of one service page. */
function contentOf(pages: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), `triune-drafts-bench-${pages}-`));
  for (const part of ['site.yaml', 'redirects.yaml', 'pages', 'public', 'schema'])
    cpSync(path.join(ROOT, part), path.join(dir, part), { recursive: true });
  const source = readFileSync(path.join(ROOT, SOURCE), 'utf8');
  for (let i = 1; i <= pages - 31; i++)
    writeFileSync(
      path.join(dir, 'pages', 'services', `bench-${i}.yaml`),
      source
        .replace(/^path: .*$/m, `path: /services/bench-${i}`)
        .replace(/^title: .*$/m, `title: Bench Service ${i}`)
        .replace(/^(\s+)order: \d+$/m, `$1order: ${100 + i}`),
    );
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '.');
  asBench(dir, 'commit', '-qm', 'Content');
  return dir;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
async function timed(run: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await run();
  return performance.now() - t0;
}

for (const pages of args.sizes.split(',').map(Number)) {
  const live = contentOf(pages);
  const drafts = localDrafts(live);
  const draftsDir = drafts.folder;
  // One word changed on one page, as a draft.
  const file = path.join(draftsDir, SOURCE);
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: Telematics, one word more'));
  asBench(draftsDir, 'commit', '-qam', 'One word');
  const list: number[] = [];
  const take: number[] = [];
  for (let round = 0; round < 5; round++) {
    list.push(await timed(() => drafts.groups()));
    let undo: (() => Promise<void>) | undefined;
    take.push(
      await timed(async () => {
        undo = (await drafts.prepare([SOURCE], STAFF)).undo;
      }),
    );
    await undo?.();
  }
  console.log(
    `${pages} pages: listing the drafts ${median(list).toFixed(0)} ms; taking one page's draft live for a Publish (the gate included) ${median(take).toFixed(0)} ms`,
  );
  await benchRefs(draftsDir, live);
  rmSync(live, { recursive: true, force: true });
}

/** The refs of 50 drafts: made again after one save, and after a Publish moved what is live. */
async function benchRefs(draftsDir: string, live: string): Promise<void> {
  const pages = readdirSync(path.join(draftsDir, 'pages', 'services'))
    .filter((f) => f.endsWith('.yaml'))
    .slice(0, 50);
  for (const page of pages) {
    const file = path.join(draftsDir, 'pages', 'services', page);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: (.*)$/m, 'title: $1, drafted'));
    asBench(draftsDir, 'commit', '-qam', page);
  }
  const liveCommit = () => execFileSync('git', ['rev-parse', 'HEAD'], { cwd: live, encoding: 'utf8' }).trim();
  await refreshDraftRefs(draftsDir, liveCommit());
  const oneSave: number[] = [];
  const afterPublish: number[] = [];
  for (let round = 0; round < 5; round++) {
    const file = path.join(draftsDir, 'pages', 'services', pages[0] as string);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: (.*)$/m, `title: $1 ${round}`));
    asBench(draftsDir, 'commit', '-qam', `Save ${round}`);
    oneSave.push(await timed(() => refreshDraftRefs(draftsDir, liveCommit())));
    // What is live moves (a Publish of another page): every draft's ref is made again.
    asBench(live, 'commit', '-q', '--allow-empty', '-m', `Live ${round}`);
    asBench(draftsDir, 'merge', '-q', '-s', 'ours', '-m', 'Published', 'main');
    afterPublish.push(await timed(() => refreshDraftRefs(draftsDir, liveCommit())));
  }
  console.log(
    `  the refs of ${pages.length} drafts: after one save ${median(oneSave).toFixed(0)} ms; after a Publish (all made again) ${median(afterPublish).toFixed(0)} ms`,
  );
}
