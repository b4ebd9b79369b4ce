// @vitest-environment node
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fakeClientDir, INLINE_SCRIPT, removeTempDirs, startTestServer } from '../testSupport.ts';
import { ADMIN_ENTRY } from './page.ts';
import { hashPassword } from './password.ts';

afterAll(removeTempDirs);

/** A client folder whose manifest names the staff app's files with `hash` in their names. */
function builtClientDir(hash: string): string {
  const clientDir = fakeClientDir();
  mkdirSync(path.join(clientDir, '.vite'));
  writeFileSync(
    path.join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify({
      [ADMIN_ENTRY]: {
        file: `assets/admin-${hash}.js`,
        isEntry: true,
        imports: ['_react-Cd34.js'],
        css: ['assets/admin-Ef56.css'],
      },
      '_react-Cd34.js': { file: 'assets/react-Cd34.js' },
    }),
  );
  return clientDir;
}

/** The CSP hash of the fake build's one inline script (static.ts inlineScriptHashes lists it). */
const INLINE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;

const adminOptions = async () => ({
  passwordHash: await hashPassword('a long enough password', { N: 1024, r: 8, p: 1 }),
});

describe('the /admin page', () => {
  it('loads the built staff app named in the manifest, with no inline script, noindex and no-store', async () => {
    const server = await startTestServer({ clientDir: builtClientDir('Ab12'), admin: await adminOptions() });
    try {
      const page = await fetch(`${server.url}/admin`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<script type="module" src="/assets/admin-Ab12.js"></script>');
      expect(html).toContain('<link rel="modulepreload" href="/assets/react-Cd34.js">');
      expect(html).toContain('<link rel="stylesheet" href="/assets/admin-Ef56.css">');
      expect(html).toContain('<meta name="admin-api" content="/backend/api/admin">');
      expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    } finally {
      await server.stop();
    }
  });

  it('names the files of the build being served, after a Publish swaps in another', async () => {
    const first = builtClientDir('Old1');
    const server = await startTestServer({ clientDir: first, admin: await adminOptions() });
    try {
      expect(await (await fetch(`${server.url}/admin`)).text()).toContain('/assets/admin-Old1.js');
      const next = builtClientDir('New2');
      server.app.servedSite?.swap(next);
      const html = await (await fetch(`${server.url}/admin`)).text();
      expect(html).toContain('<script type="module" src="/assets/admin-New2.js"></script>');
      expect(html).not.toContain('Old1');
      // Publish's last step (server/editor/publish.ts): a copy of the new build renamed into the
      // folder served first, which is served again, now holding another build.
      const third = builtClientDir('New3');
      renameSync(first, `${first}-old`);
      renameSync(third, first);
      server.app.servedSite?.swap(first);
      expect(await (await fetch(`${server.url}/admin`)).text()).toContain('/assets/admin-New3.js');
      rmSync(`${first}-old`, { recursive: true, force: true });
    } finally {
      await server.stop();
    }
  });

  it("is served with the site's own strict policy, without 'unsafe-eval' (the editor's checks are compiled at build time)", async () => {
    const server = await startTestServer({ clientDir: builtClientDir('Ab12'), admin: await adminOptions() });
    try {
      const policy = async (url: string) => {
        const response = await fetch(url);
        expect(response.ok, url).toBe(true);
        return response.headers.get('content-security-policy') ?? '';
      };
      const site = await policy(`${server.url}/`);
      expect(site.split(';').map((d) => d.trim())).toContain(`script-src 'self' ${INLINE_SCRIPT_HASH}`);
      for (const url of [
        `${server.url}/admin`,
        `${server.url}/`,
        `${server.url}/about`,
        `${server.api}/health`,
      ])
        expect(await policy(url), url).toBe(site);
      expect(site).not.toContain('unsafe-eval');
    } finally {
      await server.stop();
    }
  });

  it('is on for named accounts even without ADMIN_PASSWORD_HASH, and off (404) with neither', async () => {
    const server = await startTestServer();
    try {
      expect((await fetch(`${server.url}/admin`)).status).toBe(404);
      await server.db.db
        .insertInto('staff_users')
        .values({
          email: 'a@example.com',
          name: 'A',
          role: 'admin',
          forms: null,
          password_hash: await hashPassword('a long enough password', { N: 1024, r: 8, p: 1 }),
          created_at: new Date().toISOString(),
        })
        .execute();
      expect((await fetch(`${server.url}/admin`)).status).toBe(200);
      const login = await fetch(`${server.api}/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@example.com', password: 'a long enough password' }),
      });
      expect(login.status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
