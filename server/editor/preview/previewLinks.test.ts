// @vitest-environment node
/**
 * Preview links in the real server (npm start: a served build, a git content folder, so saves are
 * drafts): a content editor shares a page's draft; the link opens it without an account, shows
 * that page's draft and no other, and answers 410 once revoked or expired. Then the signature, on
 * both databases: a link altered in any way answers 404, and two servers on one database share the
 * key, so each opens the other's links.
 */
import { createHash, createHmac } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { parse } from 'yaml';
import { CSRF_HEADER } from '../../admin/routes.ts';
import { databaseBackends } from '../../storage/databaseTestSupport.ts';
import type { Db } from '../../storage/db.ts';
import { migrate } from '../../storage/migrations.ts';
import { fakeClientDir } from '../../testSupport.ts';
import { draftsFolderOf } from '../drafts/draftsFolder.ts';
import {
  contentCopy,
  type EditorServer,
  removeContentCopies,
  startEditorServer,
} from '../editorTestSupport.ts';
import { previewLinkMessages } from './previewLinkRoutes.ts';
import { PreviewLinks } from './previewLinks.ts';
import { PREVIEW_PAGE, previewWords, registerPreviewRoutes } from './previewRoutes.ts';

/** A link's address: /preview/<nonce>.<expires>.<signature>. */
const ADDRESS = /^\/preview\/[A-Za-z0-9_-]{22}\.[1-9]\d*\.[A-Za-z0-9_-]{43}$/;

/** Another base64url character than `c`. */
const otherChar = (c: string) => (c === 'A' ? 'B' : 'A');

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
    expect(address).toMatch(ADDRESS);
    const days = (Date.parse(link.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    // The expiry the link carries is the one shown.
    expect(Number(address.split('.')[1]) * 1000).toBe(Date.parse(link.expiresAt));

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
    // An unsigned link of the old form (32 random bytes) is no link either.
    expect((await fetch(`${editor.server.url}/preview/${'A'.repeat(43)}`)).status).toBe(404);
  });

  it('answers 404 when its signature or its expiry is changed, while the link itself still opens', async () => {
    const { link, address } = await share(JOB, 1);
    const [nonce, expires, signature] = address.slice(`${PREVIEW_PAGE}/`.length).split('.') as [
      string,
      string,
      string,
    ];
    const altered = [
      `${nonce}.${expires}.${otherChar(signature[0] as string)}${signature.slice(1)}`,
      `${nonce}.${expires}.${signature.slice(0, 20)}${otherChar(signature[20] as string)}${signature.slice(21)}`,
      `${nonce}.${Number(expires) + 30 * 86_400}.${signature}`,
      `${nonce}.${Number(expires) - 1}.${signature}`,
    ];
    for (const token of altered) {
      expect((await fetch(`${editor.server.url}${PREVIEW_PAGE}/${token}`)).status).toBe(404);
      expect((await fetch(`${editor.server.url}/backend/api/preview/${token}`)).status).toBe(404);
    }
    // The row is there and the link as made works.
    expect((await fetch(`${editor.server.url}${address}`)).status).toBe(200);
    expect(link.expiresAt).toBe(new Date(Number(expires) * 1000).toISOString());
  });

  it('answers 410 after it expires, saying when', async () => {
    const { address } = await share(JOB, 1);
    // A day and a minute pass (the server runs in this process: its clock moves too).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 24 * 60 * 60_000 + 60_000);
      const page = await fetch(`${editor.server.url}${address}`);
      expect(page.status).toBe(410);
      expect(await page.text()).toMatch(/It expired on \d{1,2} \w{3} \d{4}, \d{2}:\d{2}\./);
    } finally {
      vi.useRealTimers();
    }
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

const WEN = { name: 'Wen Writer', email: 'writer@example.com' };

/** One server's preview routes and links on `store` (each server has its own PreviewLinks). */
async function previewServer(
  store: Db,
  content: string,
): Promise<{ links: PreviewLinks; app: FastifyInstance }> {
  const links = new PreviewLinks(store);
  const app = Fastify({ logger: false });
  registerPreviewRoutes(app, { links, liveDir: content, draftsDir: content, apiPrefix: '/backend/api' });
  await app.ready();
  return { links, app };
}

const statusOf = async (app: FastifyInstance, token: string) => ({
  page: (await app.inject(`${PREVIEW_PAGE}/${token}`)).statusCode,
  data: (await app.inject(`/backend/api/preview/${token}`)).statusCode,
});

describe.each(databaseBackends('preview links'))('signed preview links on $name', (backend) => {
  // Two servers on one database: each its own connection, PreviewLinks and routes.
  let stores: Db[] = [];
  let apps: FastifyInstance[] = [];
  let content: string;
  beforeAll(async () => {
    content = contentCopy();
    stores = [backend.open(), backend.open()];
    for (const store of stores) await migrate(store);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const store of stores) await store.close();
    await backend.cleanup();
    removeContentCopies();
  });

  const keysIn = (store: Db) => store.db.selectFrom('signing_keys').selectAll().execute();

  it('two servers starting together agree on one key, and each opens the other’s links', async () => {
    const [one, two] = (await Promise.all(stores.map((store) => previewServer(store, content)))) as [
      Awaited<ReturnType<typeof previewServer>>,
      Awaited<ReturnType<typeof previewServer>>,
    ];
    apps = [one.app, two.app];
    expect(await keysIn(stores[0] as Db)).toEqual([]);
    // Their first links at once: both make the key on first use.
    const [fromOne, fromTwo] = await Promise.all([one.links.make(JOB, WEN), two.links.make(JOB, WEN)]);
    const keys = await keysIn(stores[1] as Db);
    expect(keys.map((k) => k.purpose)).toEqual(['preview-link']);
    expect(Buffer.from(keys[0]?.secret ?? '', 'base64url')).toHaveLength(32);

    for (const { token } of [fromOne, fromTwo]) {
      expect(`${PREVIEW_PAGE}/${token}`).toMatch(ADDRESS);
      // The route's :token takes the dots in.
      expect(await statusOf(one.app, token)).toEqual({ page: 200, data: 200 });
      expect(await statusOf(two.app, token)).toEqual({ page: 200, data: 200 });
    }
    expect((await one.links.open(fromTwo.token)).state).toBe('open');
    expect((await two.links.open(fromOne.token)).state).toBe('open');
  });

  it('signs <nonce>.<expires> with the stored key, and keeps only the whole link’s SHA-256', async () => {
    const links = new PreviewLinks(stores[0] as Db);
    const { token, id, expiresAt } = await links.make(JOB, WEN, 3);
    const [nonce, expires, signature] = token.split('.') as [string, string, string];
    expect(Buffer.from(nonce, 'base64url')).toHaveLength(16);
    expect(Number(expires) * 1000).toBe(Date.parse(expiresAt));
    const [key] = await keysIn(stores[0] as Db);
    const expected = createHmac('sha256', Buffer.from(key?.secret ?? '', 'base64url'))
      .update(`preview-link:${nonce}.${expires}`)
      .digest('base64url');
    expect(signature).toBe(expected);
    const row = await (stores[0] as Db).db
      .selectFrom('preview_links')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(signature);
  });

  it('answers 404 to a link whose signature is changed in one character', async () => {
    const [one, two] = apps as [FastifyInstance, FastifyInstance];
    const { token } = await new PreviewLinks(stores[0] as Db).make(JOB, WEN);
    const [nonce, expires, signature] = token.split('.') as [string, string, string];
    for (const at of [0, 21, 42]) {
      const changed = `${signature.slice(0, at)}${otherChar(signature[at] as string)}${signature.slice(at + 1)}`;
      const forged = `${nonce}.${expires}.${changed}`;
      expect(await statusOf(one, forged)).toEqual({ page: 404, data: 404 });
      expect(await statusOf(two, forged)).toEqual({ page: 404, data: 404 });
    }
    // Its nonce changed, likewise.
    const forged = `${otherChar(nonce[0] as string)}${nonce.slice(1)}.${expires}.${signature}`;
    expect(await statusOf(one, forged)).toEqual({ page: 404, data: 404 });
    expect(await statusOf(one, token)).toEqual({ page: 200, data: 200 });
  });

  it('answers 404 to a link whose expiry number is changed, though its row is there', async () => {
    const [one] = apps as [FastifyInstance];
    const { token } = await new PreviewLinks(stores[0] as Db).make(JOB, WEN, 1);
    const [nonce, expires, signature] = token.split('.') as [string, string, string];
    for (const other of [Number(expires) + 1, Number(expires) + 29 * 86_400, Number(expires) - 86_400])
      expect(await statusOf(one, `${nonce}.${other}.${signature}`)).toEqual({ page: 404, data: 404 });
    expect(await statusOf(one, token)).toEqual({ page: 200, data: 200 });
  });

  it('a signed link is unknown when its row’s expiry is not the one it carries', async () => {
    const store = stores[0] as Db;
    const links = new PreviewLinks(store);
    const { token, id, expiresAt } = await links.make(JOB, WEN, 1);
    await store.db
      .updateTable('preview_links')
      .set({ expires_at: new Date(Date.parse(expiresAt) + 86_400_000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect((await links.open(token)).state).toBe('unknown');
    await store.db.updateTable('preview_links').set({ expires_at: expiresAt }).where('id', '=', id).execute();
    expect((await links.open(token)).state).toBe('open');
  });

  it('refuses a link that does not verify without reading the links table', async () => {
    const store = stores[1] as Db;
    const links = new PreviewLinks(store);
    const { token } = await links.make(JOB, WEN);
    const [nonce, expires, signature] = token.split('.') as [string, string, string];
    const read = vi.spyOn(store.db, 'selectFrom');
    try {
      for (const forged of [
        `${nonce}.${expires}.${otherChar(signature[0] as string)}${signature.slice(1)}`,
        `${nonce}.${Number(expires) + 1}.${signature}`,
        'not-a-link',
        // (A link of the form before signing is looked up: made then, it answers 410, below.)
      ])
        expect((await links.open(forged)).state).toBe('unknown');
      expect(read.mock.calls.filter(([table]) => table === 'preview_links')).toEqual([]);
      expect((await links.open(token)).state).toBe('open');
      expect(read.mock.calls.filter(([table]) => table === 'preview_links')).toHaveLength(1);
    } finally {
      read.mockRestore();
    }
  });

  it('keeps the key when the database is closed and opened again', async () => {
    const { token } = await new PreviewLinks(stores[0] as Db).make(JOB, WEN);
    const before = await keysIn(stores[0] as Db);
    for (const app of apps.splice(0)) await app.close();
    for (const store of stores.splice(0)) await store.close();

    stores = [backend.open()];
    expect(await migrate(stores[0] as Db)).toEqual([]);
    expect(await keysIn(stores[0] as Db)).toEqual(before);
    const again = await previewServer(stores[0] as Db, content);
    apps = [again.app];
    expect((await again.links.open(token)).state).toBe('open');
    expect(await statusOf(again.app, token)).toEqual({ page: 200, data: 200 });
  });
});

describe.each(databaseBackends('links made before signing'))(
  'links made before links were signed, on $name',
  (backend) => {
    it('are recorded as revoked by the migration that signs links, so no dialog lists them as working', async () => {
      const store = backend.open();
      try {
        await migrate(store, '0009_reviews');
        const made = new Date().toISOString();
        const far = new Date(Date.now() + 86_400_000).toISOString();
        const oldLink = 'A'.repeat(43);
        await store.db
          .insertInto('preview_links')
          .values([
            {
              token_hash: createHash('sha256').update(oldLink).digest('hex'),
              file: JOB,
              made_by_name: 'Wen',
              made_by_email: 'w@x',
              made_at: made,
              expires_at: far,
            },
            {
              token_hash: 'b'.repeat(64),
              file: JOB,
              made_by_name: 'Wen',
              made_by_email: 'w@x',
              made_at: made,
              expires_at: far,
            },
          ])
          .execute();
        expect(await new PreviewLinks(store).ofFile(JOB)).toHaveLength(2);
        expect(await migrate(store)).toContain('0010_signing_keys');
        expect(await new PreviewLinks(store).ofFile(JOB)).toEqual([]);
        // Opened, such a link says it was revoked (410), not that it never was.
        expect(await new PreviewLinks(store).open(oldLink)).toMatchObject({
          state: 'revoked',
          link: { revokedBy: 'the change to signed links' },
        });
        expect(await new PreviewLinks(store).open('B'.repeat(43))).toEqual({ state: 'unknown' });
        const rows = await store.db
          .selectFrom('preview_links')
          .select(['made_by_name', 'revoked_by_name'])
          .execute();
        expect(rows).toEqual([
          { made_by_name: 'Wen', revoked_by_name: 'the change to signed links' },
          { made_by_name: 'Wen', revoked_by_name: 'the change to signed links' },
        ]);
      } finally {
        await store.close();
        await backend.cleanup();
      }
    });
  },
);
