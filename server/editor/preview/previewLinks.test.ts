// @vitest-environment node
/**
 * Preview links in the real server (npm start: a served build, a git content folder, so saves are
 * drafts): a content editor shares a page's draft; the link opens it without an account, shows
 * that page's draft and no other, and answers 410 once revoked or expired.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { CSRF_HEADER } from '../../admin/routes.ts';
import { fakeClientDir } from '../../testSupport.ts';
import { draftsFolderOf } from '../drafts/draftsFolder.ts';
import { type EditorServer, startEditorServer } from '../editorTestSupport.ts';
import { previewLinkMessages } from './previewLinkRoutes.ts';
import { PreviewLinks } from './previewLinks.ts';
import { previewWords } from './previewRoutes.ts';

let editor: EditorServer;
let writer: { cookie: string; csrf: string };
beforeAll(async () => {
  editor = await startEditorServer({ git: true, clientDir: fakeClientDir() });
  writer = await editor.signIn('writer@example.com');
});
afterAll(async () => editor?.stop());

const api = (route: string) => `${editor.server.api}/admin/content${route}`;
const send = (route: string, body: unknown, who = writer) =>
  fetch(api(route), {
    method: route === '/file' ? 'PUT' : 'POST',
    headers: { cookie: who.cookie, 'content-type': 'application/json', [CSRF_HEADER]: who.csrf },
    body: JSON.stringify(body),
  });

type Files = Record<string, { text: string; version: string }>;

/** Saves `title` as the page's heading: a draft, not live. */
async function saveTitle(file: string, title: string): Promise<void> {
  const site = (await (await fetch(api('/site'), { headers: { cookie: writer.cookie } })).json()) as {
    files: Files;
  };
  const { text, version } = site.files[file] as { text: string; version: string };
  const data = parse(text);
  data.title = title;
  expect((await send('/file', { file, version, data })).status).toBe(200);
}

async function share(file: string, days?: number) {
  const res = await send('/preview-links', { file, ...(days && { days }) });
  expect(res.status).toBe(201);
  return (await res.json()) as { link: { id: number; expiresAt: string }; address: string };
}

const JOB = 'pages/careers/customer-support.yaml';
const ABOUT = 'pages/about.yaml';

describe('preview links', () => {
  it('open the page’s draft without an account, and only that draft', async () => {
    await saveTitle(JOB, 'Customer Support Lead (draft)');
    await saveTitle(ABOUT, 'About Us (someone else’s draft)');
    // The live content is as it was: saves are drafts.
    expect(readFileSync(path.join(editor.content, JOB), 'utf8')).not.toContain('(draft)');

    const { link, address } = await share(JOB);
    expect(address).toMatch(/^\/preview\/[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(link.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const page = await fetch(`${editor.server.url}${address}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).toContain(`<title>${previewWords.title}</title>`);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    const dataAddress = /<meta name="preview-api" content="([^"]+)">/.exec(html)?.[1];
    expect(dataAddress).toBe(`/backend/api${address}`);

    const data = await fetch(`${editor.server.url}${dataAddress}`);
    expect(data.status).toBe(200);
    const body = (await data.json()) as { file: string; madeBy: string; site: { files: Files } };
    expect(body.file).toBe(JOB);
    expect(body.madeBy).toBe('Wen Writer');
    expect(body.site.files[JOB]?.text).toContain('title: Customer Support Lead (draft)');
    // Another page's draft is not shown by this link: About is as it is live.
    expect(body.site.files[ABOUT]?.text).not.toContain('someone else');
    expect(Object.keys(body.site.files)).toContain('site.yaml');

    // A page taken down is not shown either (its words are not public).
    expect(Object.keys(body.site.files)).not.toContain('pages/careers/no-openings.yaml');

    const picture = await fetch(`${editor.server.url}${dataAddress}/images/about/about-1.svg`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toContain('image/svg+xml');
    expect(picture.headers.get('cache-control')).toBe('no-store');
    // A picture uploaded for another page's draft is neither listed nor served.
    const secret = path.join(draftsFolderOf(editor.content), 'public/images/uploads/launch/secret.svg');
    mkdirSync(path.dirname(secret), { recursive: true });
    writeFileSync(secret, readFileSync(path.join(editor.content, 'public/images/about/about-1.svg')));
    const again = (await (await fetch(`${editor.server.url}${dataAddress}`)).json()) as {
      site: { images: { path: string }[] };
    };
    expect(again.site.images.map((i) => i.path)).not.toContain('/images/uploads/launch/secret.svg');
    expect((await fetch(`${editor.server.url}${dataAddress}/images/uploads/launch/secret.svg`)).status).toBe(
      404,
    );
  });

  it('lists the page’s working links, refuses a wrong lifetime, and is for content editors only', async () => {
    const before = (await (
      await fetch(api(`/preview-links?file=${JOB}`), { headers: { cookie: writer.cookie } })
    ).json()) as {
      links: unknown[];
    };
    const { link } = await share(JOB, 2);
    const after = (await (
      await fetch(api(`/preview-links?file=${JOB}`), { headers: { cookie: writer.cookie } })
    ).json()) as {
      links: { id: number; madeBy: string }[];
    };
    expect(after.links).toHaveLength(before.links.length + 1);
    expect(after.links[0]).toMatchObject({ id: link.id, madeBy: 'Wen Writer' });

    for (const days of [0, 31, 1.5, 'seven']) {
      const res = await send('/preview-links', { file: JOB, days });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(previewLinkMessages.badDays);
    }
    const inbox = await editor.signIn('inbox@example.com');
    expect((await send('/preview-links', { file: JOB }, inbox)).status).toBe(403);
    expect((await fetch(api(`/preview-links?file=${JOB}`))).status).toBe(401);
  });

  it('answers 410 once revoked, saying by whom; 404 for an address that was never a link', async () => {
    const { link, address } = await share(JOB);
    // Another page's dialog cannot revoke it.
    expect((await send('/preview-links/revoke', { id: link.id, file: 'pages/about.yaml' })).status).toBe(404);
    const revoked = await send('/preview-links/revoke', { id: link.id, file: JOB });
    expect(revoked.status).toBe(200);
    const page = await fetch(`${editor.server.url}${address}`);
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain(previewWords.goneTitle);
    expect(html).toContain('Wen Writer revoked it on');
    expect(html).not.toContain('preview-api');
    const data = await fetch(`${editor.server.url}/backend/api${address}`);
    expect(data.status).toBe(410);
    expect(((await data.json()) as { message: string }).message).toContain('Wen Writer revoked it on');
    expect((await fetch(`${editor.server.url}/backend/api${address}/images/about/about-1.svg`)).status).toBe(
      410,
    );
    // Revoking it again says it had already stopped.
    expect((await send('/preview-links/revoke', { id: link.id, file: JOB })).status).toBe(404);

    expect((await fetch(`${editor.server.url}/preview/${'x'.repeat(43)}`)).status).toBe(404);
    expect((await fetch(`${editor.server.url}/preview/not-a-link`)).status).toBe(404);
  });

  it('answers 410 after it expires, saying when', async () => {
    const { link, address } = await share(JOB, 1);
    // A day passes: the link's expiry is moved into the past in the database the server reads.
    await editor.server.db.db
      .updateTable('preview_links')
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', link.id)
      .execute();
    const page = await fetch(`${editor.server.url}${address}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toMatch(/It expired on \d{1,2} \w{3} \d{4}, \d{2}:\d{2}\./);
  });
});

describe('PreviewLinks', () => {
  it('works until the moment it expires, then not', async () => {
    let now = Date.parse('2026-12-01T09:00:00Z');
    const links = new PreviewLinks(editor.server.db, () => now);
    const { token } = await links.make(JOB, { name: 'Wen Writer', email: 'writer@example.com' }, 1);
    expect((await links.open(token)).state).toBe('open');
    now += 24 * 60 * 60_000 - 1;
    expect((await links.open(token)).state).toBe('open');
    now += 1;
    expect((await links.open(token)).state).toBe('expired');
    expect((await links.open(`${token.slice(0, -1)}A`)).state).toBe(
      token.endsWith('A') ? 'expired' : 'unknown',
    );
  });
});
