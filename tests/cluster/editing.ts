/**
 * The second half of `npm run test:cluster` (issue 36): two instances behind nginx (the repository's
 * deploy/nginx.conf) on a fresh PostgreSQL schema, each with its own content folder, a clone of one
 * shared repository (CONTENT_REMOTE: a bare repository on this machine), and its own DIST_DIR.
 *  1. 20 rounds of saves of the same field of one page through A and B at once, from the same
 *     opened version: one 200 and one 409 each round, every 200 in the shared history.
 *  2. 20 rounds of saves of different fields of one page, and of another page: every save 200,
 *     merged and pushed; no 500 anywhere.
 *  3. A save through A is listed, with its version, by B.
 *  4. A new job opening with a new picture, published through A: B serves the page, its picture and
 *     its sharing card, brotli and gzip, within 30 s (the time is printed), and both instances
 *     accept an application for it.
 *  5. kill -9 of A while it builds the next Publish: its build ends with it, B keeps serving the
 *     release it had. A Publish through B succeeds, and A, started again, serves it.
 *  6. Both instances started at once on a clock after the openings' closing date: the openings
 *     leave the site by themselves, each taken down once, in one Publish, served by both.
 * Saves are drafts (the shared repository's drafts branch); a Publish takes them to CONTENT_BRANCH.
 * Without PostgreSQL it says so and exits 0. Exits 1 on any failed check.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { parse } from 'yaml';
import { hashPassword } from '../../server/admin/password.ts';
import { REPO_ROOT } from '../../server/config.ts';
import { DRAFTS_BRANCH } from '../../server/editor/drafts/draftsFolder.ts';
import { SCHEDULE } from '../../server/editor/schedules/runSchedules.ts';
import { PDF_BYTES, removeTempDirs } from '../../server/testSupport.ts';
import { TEST_SCHEDULE_CLOCK } from '../support/testClock.ts';
import { checklist } from './checks.ts';
import { type Answer, json, type SendOptions, sender } from './http.ts';
import {
  distDir,
  findNginx,
  findPostgres,
  freePort,
  type Instance,
  nginxConfig,
  startInstance,
  startNginx,
  throwawayCertificate,
  waitForPort,
} from './setup.ts';

const ROUNDS = 20;
/** A failure bound: the time measured is printed, and goes in the README's quality evidence. */
const SERVED_WITHIN_MS = 30_000;
const { check, seconds, stopped, finish } = checklist('test:cluster (editing and publishing)');

const databaseUrl = await findPostgres();
if (!databaseUrl) {
  console.log('test:cluster (editing and publishing) skipped: no PostgreSQL.');
  process.exit(0);
}
const nginx = findNginx();
if (!nginx) {
  console.error('test:cluster needs nginx: sudo apt-get update && sudo apt-get install -y nginx');
  process.exit(1);
}

const dir = mkdtempSync(path.join(tmpdir(), 'triune-editing-'));
const schema = `test_editing_${process.pid}_${randomBytes(3).toString('hex')}`;
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const instances: Instance[] = [];
let nginxProcess: ReturnType<typeof startNginx> | undefined;

async function cleanup(): Promise<void> {
  for (const i of instances) if (i.process.exitCode === null && !i.process.killed) i.process.kill('SIGKILL');
  nginxProcess?.kill('SIGQUIT');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`drop schema if exists "${schema}" cascade`);
  await client.end();
  rmSync(dir, { recursive: true, force: true });
  removeTempDirs();
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, ms: number, look: () => Promise<T | undefined>): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = await look().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`Not within ${ms / 1000} s: ${what}`);
    await wait(100);
  }
}

try {
  // Setup ---------------------------------------------------------------------------------------
  const { cert, key } = throwawayCertificate(dir);
  const ca = readFileSync(cert);
  const [httpPort, httpsPort, portA, portB] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  if (!httpPort || !httpsPort || !portA || !portB) throw new Error('no free ports');
  // The shared repository: a bare clone of this project's (its content as committed).
  const remote = path.join(dir, 'content.git');
  git(dir, 'clone', '--quiet', '--bare', REPO_ROOT, remote);
  const branch = git(remote, 'symbolic-ref', '--short', 'HEAD');
  {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`create schema "${schema}"`);
    await client.end();
  }
  const password = `editing-${randomBytes(8).toString('hex')}`;
  const adminPasswordHash = await hashPassword(password);
  const env = (name: string) => {
    const own = path.join(dir, name);
    mkdirSync(own);
    return {
      DATABASE_URL: databaseUrl,
      PGOPTIONS: `-c search_path=${schema}`,
      CONTENT_REMOTE: remote,
      CONTENT_BRANCH: branch,
      // Cloned from the shared repository at start.
      CONTENT_DIR: path.join(own, 'content'),
      DIST_DIR: distDir(own),
      DATA_DIR: path.join(own, 'data'),
      TRUST_PROXY: '1',
      ADMIN_PASSWORD_HASH: adminPasswordHash,
      STAFF_2FA_ROLES: 'none',
      LOG_LEVEL: 'warn',
      // The schedules' clock: before the sample openings close (tests/support/testClock.ts).
      SCHEDULE_CLOCK: TEST_SCHEDULE_CLOCK,
    };
  };
  const envA = env('a');
  const envB = env('b');
  instances.push(...(await Promise.all([startInstance(portA, envA), startInstance(portB, envB)])));
  nginxProcess = startNginx(
    nginx,
    nginxConfig(dir, { httpPort, httpsPort, instances: [portA, portB], cert, key }),
    dir,
  );
  await Promise.all([waitForPort(httpPort), waitForPort(httpsPort)]);
  console.log(
    `== Two instances (${portA}, ${portB}) cloning ${remote}, nginx on ${httpsPort} (${seconds()})`,
  );
  const send = sender({ httpPort, httpsPort, ca });

  // Signed in through nginx; the session is the database's, good on both instances.
  const login = await send('POST', '/backend/api/admin/login', {
    body: Buffer.from(JSON.stringify({ email: 'admin@localhost', password })),
    headers: { 'content-type': 'application/json' },
  });
  const cookie = String([login.headers['set-cookie']].flat()[0] ?? '').split(';')[0] ?? '';
  const csrf = String(json(login).csrfToken ?? '');
  check(login.status === 200 && cookie.length > 0, `staff sign-in through nginx (${login.status})`);
  const staff = { cookie, 'x-csrf-token': csrf };
  const API = '/backend/api/admin/content';
  const to = (port: number, o: SendOptions = {}): SendOptions => ({
    ...o,
    port,
    headers: { ...staff, ...o.headers },
  });
  const openFile = async (port: number, file: string) => {
    const res = await send('GET', `${API}/site`, to(port));
    const files = json(res).files as Record<string, { text: string; version: string }>;
    const found = files[file];
    if (!found) throw new Error(`${file} is not listed by the instance on ${port} (${res.status}).`);
    return found;
  };
  const saveFile = (port: number, payload: object) =>
    send(
      'PUT',
      `${API}/file`,
      to(port, {
        body: Buffer.from(JSON.stringify(payload)),
        headers: { 'content-type': 'application/json' },
      }),
    );
  // Saves are drafts: they go to the shared repository's drafts branch; Publish takes them to `branch`.
  const sharedText = (file: string) => git(remote, 'show', `${DRAFTS_BRANCH}:${file}`);
  const sharedCommits = () => Number(git(remote, 'rev-list', '--count', DRAFTS_BRANCH));
  const statuses = new Map<number, number>();
  const count = (answers: Answer[]) => {
    for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    return answers.map((a) => a.status);
  };

  // 1. The same field through A and B ---------------------------------------------------------------
  {
    const file = 'pages/about.yaml';
    const before = sharedCommits();
    const saved: string[] = [];
    let rounds = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const opened = await openFile(portA, file);
      const answers = await Promise.all(
        [portA, portB].map((port, i) => {
          const data = parse(opened.text);
          data.title = `About Triune ${round}${i ? 'b' : 'a'}`;
          return saveFile(port, { file, version: opened.version, base: opened.text, data });
        }),
      );
      if (count(answers).sort().join() === '200,409') rounds++;
      const winner = answers.find((a) => a.status === 200);
      if (winner) saved.push(parse(String(json(winner).text)).title);
    }
    const titles = git(remote, 'log', `-${saved.length}`, '--format=%H', DRAFTS_BRANCH, '--', file)
      .split('\n')
      .map((commit) => parse(git(remote, 'show', `${commit}:${file}`)).title as string)
      .reverse();
    check(
      rounds === ROUNDS,
      `the same field through A and B at once: one 200 and one 409 in ${rounds} of ${ROUNDS} rounds`,
    );
    check(
      sharedCommits() === before + ROUNDS && JSON.stringify(titles) === JSON.stringify(saved),
      `every 200 is in the shared history, in order (${sharedCommits() - before} commits for ${saved.length} saves)`,
    );
  }

  // 2. Different fields of one page, and another page -----------------------------------------------
  {
    const page = 'pages/services/iot.yaml';
    const other = 'pages/privacy.yaml';
    const before = sharedCommits();
    let merged = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const opened = await openFile(portB, page);
      const otherOpened = await openFile(portA, other);
      const mineA = parse(opened.text);
      mineA.title = `Telematics ${round}`;
      const mineB = parse(opened.text);
      mineB.description = `Sensors and dashboards, round ${round}.`;
      const otherData = parse(otherOpened.text);
      otherData.description = `Privacy, round ${round}.`;
      const answers = await Promise.all([
        saveFile(portA, { file: page, version: opened.version, base: opened.text, data: mineA }),
        saveFile(portB, { file: page, version: opened.version, base: opened.text, data: mineB }),
        saveFile(portB, {
          file: other,
          version: otherOpened.version,
          base: otherOpened.text,
          data: otherData,
        }),
      ]);
      const both = parse(sharedText(page));
      if (
        count(answers).every((s) => s === 200) &&
        both.title === `Telematics ${round}` &&
        both.description === `Sensors and dashboards, round ${round}.` &&
        parse(sharedText(other)).description === `Privacy, round ${round}.`
      )
        merged++;
    }
    check(
      merged === ROUNDS && sharedCommits() === before + 3 * ROUNDS,
      `different fields of one page and another page through A and B: every save 200 and merged in ${merged} of ${ROUNDS} rounds (${sharedCommits() - before} commits)`,
    );
    check(
      !statuses.has(500),
      `no 500 among ${[...statuses.values()].reduce((a, b) => a + b, 0)} saves (${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')})`,
    );
  }

  // 3. Listed by the other instance ---------------------------------------------------------------
  {
    const file = 'pages/careers/graphic-designer.yaml';
    const opened = await openFile(portA, file);
    const data = parse(opened.text);
    data.description = 'Design for print, screen and motion at Triune Technologies in Bangalore.';
    const res = await saveFile(portA, { file, version: opened.version, data });
    const seen = await openFile(portB, file);
    check(
      res.status === 200 &&
        seen.version === json(res).version &&
        parse(seen.text).description === data.description,
      'a save through A is listed, with its version, by B',
    );
    check(
      !git(remote, 'show', `${branch}:${file}`).includes(data.description),
      'the save is a draft: the branch the site is published from does not have it',
    );
    // A ref per page's draft in the shared repository: the published branch with only that draft.
    const ref = `refs/drafts/${file}`;
    const refFiles = (r: string) => git(remote, 'diff', '--name-only', branch, r).split('\n').filter(Boolean);
    const refs = git(remote, 'for-each-ref', '--format=%(refname)', 'refs/drafts/')
      .split('\n')
      .filter(Boolean);
    check(
      refs.includes(ref) &&
        refs.includes('refs/drafts/pages/services/iot.yaml') &&
        JSON.stringify(refFiles(ref)) === JSON.stringify([file]) &&
        git(remote, 'show', `${ref}:${file}`) === sharedText(file),
      `the shared repository has a ref per page's draft, each only that page's change (${refs.join(', ')})`,
    );
  }

  // 4. A new opening with a new picture, published through A, served by B --------------------------
  const health = async (port: number) => json(await send('GET', '/backend/api/health', { port })).release;
  const publish = async (port: number) => {
    const res = await send('POST', `${API}/publish`, to(port));
    if (res.status !== 202)
      throw new Error(`Publish answered ${res.status}: ${res.body.toString().slice(0, 300)}`);
  };
  const publishEnded = (port: number, ms: number) =>
    until(`Publish through ${port} ends`, ms, async () => {
      const state = json(await send('GET', `${API}/publish`, to(port)));
      return state.state === 'done' || state.state === 'failed' ? state : undefined;
    });
  {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="600" viewBox="0 0 1600 600"><rect width="1600" height="600" fill="#1d3f7a"/><circle cx="1200" cy="300" r="180" fill="#f2b632"/></svg>',
    );
    const upload = new FormData();
    upload.set('kind', 'careers');
    upload.set('page', 'qa-engineer');
    upload.set('file', new Blob([new Uint8Array(svg)], { type: 'image/svg+xml' }), 'qa-hero.svg');
    const encoded = new Request('http://x/', { method: 'POST', body: upload });
    const uploaded = await send(
      'POST',
      `${API}/images`,
      to(portA, {
        body: Buffer.from(await encoded.arrayBuffer()),
        headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
      }),
    );
    const picture = String(json(uploaded).path ?? '');
    check(uploaded.status === 201, `a new picture uploaded through A (${uploaded.status} ${picture})`);
    const template = await openFile(portA, 'pages/careers/app-developer.yaml');
    const page = parse(template.text);
    page.path = '/careers/qa-engineer';
    page.title = 'QA Engineer (Bangalore) | Careers';
    page.listing = { ...page.listing, title: 'QA Engineer', order: 9 };
    page.blocks[0].title = 'QA Engineer';
    page.blocks[0].background.desktop = picture;
    const created = await saveFile(portA, {
      file: 'pages/careers/qa-engineer.yaml',
      version: null,
      copyOf: 'pages/careers/app-developer.yaml',
      data: page,
    });
    check(
      created.status === 200,
      `a new job opening saved through A (${created.status} ${created.body.toString().slice(0, 200)})`,
    );

    const releaseBefore = await health(portB);
    const pressed = Date.now();
    await publish(portA);
    const ended = await publishEnded(portA, 240_000);
    const builtIn = Date.now() - pressed;
    check(ended.state === 'done', `Publish through A: ${String(ended.message).slice(0, 300)}`);
    check(
      git(remote, 'show', `${branch}:pages/careers/qa-engineer.yaml`).includes('QA Engineer'),
      'Publish took the drafts to the shared branch the site is published from',
    );
    const refsLeft = git(remote, 'for-each-ref', '--format=%(refname)', 'refs/drafts/');
    check(
      refsLeft === '',
      `the published drafts' refs are gone from the shared repository (${refsLeft || 'none'})`,
    );
    const servedByB = await until('B serves the new opening', SERVED_WITHIN_MS + builtIn, async () => {
      const res = await send('GET', '/careers/qa-engineer', { port: portB });
      return res.status === 200 && res.body.toString().includes('QA Engineer') ? res : undefined;
    });
    const everywhere = Date.now() - pressed;
    const releaseA = await health(portA);
    // Health names the release once B's switch is complete (its DIST_DIR too), a moment after it serves.
    const releaseB = await until('B reports the new release', 10_000, async () => {
      const release = await health(portB);
      return JSON.stringify(release) === JSON.stringify(releaseA) ? release : undefined;
    }).catch(() => health(portB));
    check(
      JSON.stringify(releaseB) === JSON.stringify(releaseA) &&
        JSON.stringify(releaseB) !== JSON.stringify(releaseBefore),
      `B reports A's new release (${JSON.stringify(releaseB)})`,
    );
    check(
      everywhere - builtIn <= SERVED_WITHIN_MS,
      `Publish to every instance serving: ${(everywhere / 1000).toFixed(1)} s from Publish pressed (A's build ${(builtIn / 1000).toFixed(1)} s, then B within ${((everywhere - builtIn) / 1000).toFixed(1)} s)`,
    );
    const html = servedByB.body.toString();
    const pictureUrl = /(\/images\/careers\/qa-engineer\/[^"' )]+)/.exec(html)?.[1] ?? picture;
    const pic = await send('GET', pictureUrl, { port: portB });
    check(
      pic.status === 200 && String(pic.headers['content-type']).startsWith('image/'),
      `B serves the new picture (${pictureUrl} ${pic.status})`,
    );
    const cardUrl = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    const card = cardUrl ? new URL(cardUrl).pathname : '';
    const cardRes = card ? await send('GET', card, { port: portB }) : undefined;
    check(
      cardRes?.status === 200 && String(cardRes.headers['content-type']).startsWith('image/'),
      `B serves its sharing card (${card} ${cardRes?.status})`,
    );
    for (const encoding of ['br', 'gzip']) {
      const res = await send('GET', '/careers/qa-engineer', {
        port: portB,
        headers: { 'accept-encoding': encoding },
      });
      check(
        res.status === 200 && res.headers['content-encoding'] === encoding,
        `B serves the page as ${encoding} (${String(res.headers['content-encoding'])})`,
      );
    }
    const viaNginx = await send('GET', '/careers/qa-engineer');
    check(viaNginx.status === 200, `nginx serves the new opening (${viaNginx.status})`);
    for (const port of [portA, portB]) {
      const form = new FormData();
      form.set('fullName', 'Cluster Applicant');
      form.set('email', `applicant.${port}@example.com`);
      form.set('phone', '9876543210');
      form.set('coverLetter', 'I would like to test your apps.');
      form.set('position', 'QA Engineer');
      form.set('cv', new Blob([new Uint8Array(PDF_BYTES)]), 'cv.pdf');
      const request = new Request('http://x/', { method: 'POST', body: form });
      const applied = await send('POST', '/backend/api/apply-position', {
        port,
        body: Buffer.from(await request.arrayBuffer()),
        headers: { 'content-type': request.headers.get('content-type') ?? '' },
      });
      check(
        applied.status === 200,
        `an application for the new opening through ${port === portA ? 'A' : 'B'}: ${applied.status} ${applied.body.toString().slice(0, 120)}`,
      );
    }
  }

  // 5. kill -9 of A while it builds ------------------------------------------------------------------
  {
    const file = 'pages/about.yaml';
    const opened = await openFile(portA, file);
    const data = parse(opened.text);
    data.blocks[0].heading = 'About Triune Technologies';
    const saved = await saveFile(portA, { file, version: opened.version, base: opened.text, data });
    check(saved.status === 200, `a change to About saved through A (${saved.status})`);
    const releaseB = await health(portB);
    await publish(portA);
    // Killed while its build runs: the build's own process is there from the moment Publish starts
    // it until it has written the whole build, and nothing goes live before it has ended.
    const buildProcess = () =>
      spawnSync('pgrep', ['-f', path.join(envA.DIST_DIR, '.publish-')], { encoding: 'utf8' }).stdout.trim();
    await until('A is building', 60_000, async () => (buildProcess() ? true : undefined));
    const [a, b] = instances as [Instance, Instance];
    a.process.kill('SIGKILL');
    await a.exited;
    const killedAt = Date.now();
    // The build notices at its next turn of the event loop (it may be starting up, or in a long
    // synchronous step): it must end, not go on to write a release.
    const buildEnded = await until("A's build ends with A", 30_000, async () =>
      buildProcess() === '' ? true : undefined,
    ).catch(() => false);
    const left = spawnSync('pgrep', ['-af', path.join(envA.DIST_DIR, '.publish-')], {
      encoding: 'utf8',
    }).stdout.trim();
    check(
      buildEnded,
      `A's build ended with A, ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill${left ? `: still running ${left}` : ''}`,
    );
    const about = (await send('GET', '/about', { port: portB })).body.toString();
    check(
      JSON.stringify(await health(portB)) === JSON.stringify(releaseB) &&
        !about.includes('About Triune Technologies'),
      'B keeps serving the release it had',
    );
    await publish(portB);
    const ended = await publishEnded(portB, 240_000);
    check(
      ended.state === 'done',
      `a Publish through B after the kill: ${String(ended.message).slice(0, 300)}`,
    );
    const aboutB = (await send('GET', '/about', { port: portB })).body.toString();
    check(aboutB.includes('About Triune Technologies'), 'B serves its Publish');
    const restarted = await startInstance(portA, envA);
    instances[0] = restarted;
    const releaseNow = await health(portB);
    await until("A, started again, serves B's release", SERVED_WITHIN_MS, async () =>
      JSON.stringify(await health(portA)) === JSON.stringify(releaseNow) ? true : undefined,
    );
    const aboutA = (await send('GET', '/about', { port: portA })).body.toString();
    check(aboutA.includes('About Triune Technologies'), 'A, started again, serves the release B published');
    for (const i of [restarted, b]) i.process.kill('SIGTERM');
    check((await restarted.exited) === 0 && (await b.exited) === 0, 'both instances exit 0 on SIGTERM');
  }

  // 6. Openings past their closing date, with both instances starting at once ---------------------
  {
    // 1 March 2027 in Bangalore: every sample opening closed on 28 February. Both instances check at
    // start, at the same moment: the closings must happen once, in one Publish.
    const afterClosing = '2027-03-01T09:00:00+05:30';
    const closedBefore = Number(
      git(remote, 'rev-list', '--count', '--first-parent', `--author=${SCHEDULE.name}`, DRAFTS_BRANCH),
    );
    const [a, b] = await Promise.all([
      startInstance(portA, { ...envA, SCHEDULE_CLOCK: afterClosing }),
      startInstance(portB, { ...envB, SCHEDULE_CLOCK: afterClosing }),
    ]);
    instances[0] = a;
    instances[1] = b;
    const pressed = Date.now();
    const gone = await until('the closed openings answer 301 through both instances', 240_000, async () => {
      const answers = await Promise.all(
        [portA, portB].map((port) => send('GET', '/careers/graphic-designer', { port })),
      );
      return answers.every((r) => r.status === 301 && r.headers.location === '/careers')
        ? answers
        : undefined;
    }).catch(() => undefined);
    check(
      gone !== undefined,
      `the openings past their date left the site by themselves, on both instances, ${((Date.now() - pressed) / 1000).toFixed(1)} s after the start`,
    );
    const takeDowns = git(
      remote,
      'log',
      '--first-parent',
      '--format=%s',
      `--author=${SCHEDULE.name}`,
      DRAFTS_BRANCH,
    )
      .split('\n')
      .filter((line) => line.startsWith('Take down '));
    const closedFiles = takeDowns.map((line) => /\((pages\/[^)]+)\)/.exec(line)?.[1] ?? line);
    check(
      new Set(closedFiles).size === closedFiles.length &&
        closedFiles.includes('pages/careers/graphic-designer.yaml') &&
        Number(
          git(remote, 'rev-list', '--count', '--first-parent', `--author=${SCHEDULE.name}`, DRAFTS_BRANCH),
        ) -
          closedBefore ===
          takeDowns.length,
      `each opening was taken down once (${closedFiles.length}: ${closedFiles.map((f) => path.basename(f, '.yaml')).join(', ')})`,
    );
    const publishes = git(remote, 'log', '--format=%s', `--author=${SCHEDULE.name}`, branch)
      .split('\n')
      .filter((line) => line.startsWith('Publish '));
    check(
      publishes.length === 1,
      `and published once (${publishes.length} Publish commits by ${SCHEDULE.name})`,
    );
    for (const i of [a, b]) i.process.kill('SIGTERM');
    check((await a.exited) === 0 && (await b.exited) === 0, 'both instances exit 0 on SIGTERM');
  }
  console.log(`== test:cluster (editing and publishing): ${seconds()} in all`);
} catch (error) {
  stopped(error);
  for (const i of instances) console.error(`--- instance ${i.port} output:\n${i.output().slice(-3000)}`);
} finally {
  await cleanup();
}
finish();
