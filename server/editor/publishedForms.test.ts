// @vitest-environment node
/**
 * What the forms accept follows Publish (issue 32, item 4): the real server on a built site and a
 * copy of the content, SQLite in a temporary folder. A new service type and a new job opening are
 * saved in the content folder (refused by the forms while they are unpublished drafts); after
 * Publish (the real build, in the background) the forms accept both, without a restart.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadBuildFacts, loadSiteFacts } from '../../node/siteFacts.ts';
import { hashPassword } from '../admin/password.ts';
import { CSRF_HEADER } from '../admin/routes.ts';
import { StaffAccounts } from '../staff/accounts.ts';
import { PDF_BYTES, removeTempDirs, startTestServer, type TestServer, tempDir } from '../testSupport.ts';
import { contentCopy, removeContentCopies, STAFF_PASSWORD } from './editorTestSupport.ts';

const FAST = { N: 1024, r: 8, p: 1 };
const NEW_SERVICE = 'Drone Pilot Training';
const NEW_JOB = 'Drone Pilot Instructor';

let server: TestServer;
let content: string;
let dist: string;

beforeAll(async () => {
  content = contentCopy();
  dist = tempDir('dist');
  // The build being served: the content as it is now (its facts file, as a build writes it).
  mkdirSync(path.join(dist, 'client'));
  writeFileSync(path.join(dist, 'client', 'index.html'), '<h1>The build before publishing</h1>');
  process.env.CONTENT_DIR = content;
  server = await startTestServer({
    clientDir: path.join(dist, 'client'),
    forms: loadSiteFacts(content),
    admin: { passwordHash: await hashPassword('first admin password', FAST) },
  });
  await new StaffAccounts(server.db, { hashParams: FAST }).add({
    email: 'writer@example.com',
    name: 'Wen Writer',
    role: 'content',
    password: STAFF_PASSWORD,
  });
});
afterAll(async () => {
  await server?.stop();
  delete process.env.CONTENT_DIR;
  removeTempDirs();
  removeContentCopies();
});

/** Saved drafts, as the editor writes them: a service type in site.yaml, a career page. */
function saveDrafts(): void {
  const site = path.join(content, 'site.yaml');
  writeFileSync(
    site,
    readFileSync(site, 'utf8').replace(/^serviceTypes:\n/m, `serviceTypes:\n  - ${NEW_SERVICE}\n`),
  );
  const template = readFileSync(path.join(content, 'pages/careers/graphic-designer.yaml'), 'utf8');
  writeFileSync(
    path.join(content, 'pages/careers/drone-pilot-instructor.yaml'),
    template
      .replace(/^path: .*$/m, 'path: /careers/drone-pilot-instructor')
      .replace(/^title: .*$/m, `title: ${NEW_JOB} | Careers`)
      .replace(/^ {2}order: .*$/m, '  order: 99')
      .replaceAll('Graphic Designer', NEW_JOB),
  );
  // The drafts are valid content: what Publish will build.
  const facts = loadSiteFacts(content);
  expect(facts.serviceTypes).toContain(NEW_SERVICE);
  expect(facts.positions).toContain(NEW_JOB);
}

const askDemo = (serviceType: string) =>
  fetch(`${server.api}/contact-demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Asha Rao',
      phone: '9876543210',
      email: 'asha@example.com',
      serviceType,
      query: 'Please tell us about the course.',
    }),
  });

function apply(position: string) {
  const form = new FormData();
  for (const [key, value] of Object.entries({
    fullName: 'Ravi Kumar',
    email: 'ravi@example.com',
    phone: '9876543210',
    coverLetter: 'I have flown drones for five years.',
    position,
  }))
    form.append(key, value);
  form.append('cv', new Blob([new Uint8Array(PDF_BYTES)], { type: 'application/pdf' }), 'cv.pdf');
  return fetch(`${server.api}/apply-position`, { method: 'POST', body: form });
}

async function publish(): Promise<{ state: string; message?: string }> {
  const login = await fetch(`${server.api}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'writer@example.com', password: STAFF_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  const url = `${server.api}/admin/content/publish`;
  const started = await fetch(url, { method: 'POST', headers: { cookie, [CSRF_HEADER]: csrfToken } });
  expect(started.status).toBe(202);
  for (;;) {
    const state = (await (await fetch(url, { headers: { cookie } })).json()) as {
      state: string;
      message?: string;
    };
    if (state.state !== 'running') return state;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('the forms follow Publish', () => {
  it('refuse unpublished service types and openings, and accept them once published, without a restart', {
    timeout: 300_000,
  }, async () => {
    saveDrafts();
    // Saved but not published: the served site does not offer them, so the forms refuse them.
    const draftDemo = await askDemo(NEW_SERVICE);
    expect(draftDemo.status).toBe(400);
    expect(((await draftDemo.json()) as { message: string }).message).toBe(
      'Please choose a service type from the list.',
    );
    const draftApplication = await apply(NEW_JOB);
    expect(draftApplication.status).toBe(400);
    expect(((await draftApplication.json()) as { message: string }).message).toContain(
      'not open for applications',
    );

    const published = await publish();
    expect(published, published.message).toMatchObject({ state: 'done' });

    expect((await askDemo(NEW_SERVICE)).status).toBe(200);
    expect((await apply(NEW_JOB)).status).toBe(200);
    // What was there before is still accepted, and both submissions are stored.
    expect((await apply('Graphic Designer')).status).toBe(200);
    const stored = await server.repo.list({ form: 'application' });
    expect(stored.map((row) => row.fields.position)).toEqual([NEW_JOB, 'Graphic Designer']);
    expect((await server.repo.list({ form: 'demo' })).map((row) => row.fields.serviceType)).toEqual([
      NEW_SERVICE,
    ]);
    // A restart reads the same facts: those of the build now in DIST_DIR.
    expect(existsSync(path.join(dist, 'site-facts.json'))).toBe(true);
    expect(loadBuildFacts(dist)?.positions).toContain(NEW_JOB);
  });
});
