// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  API,
  contentApp,
  contentCopy,
  removeContentCopies,
  STAFF,
  staffHeaders,
} from './editorTestSupport.ts';

let dir: string;
let app: FastifyInstance;
beforeAll(async () => {
  dir = contentCopy({ git: true });
  app = await contentApp(dir);
});
afterAll(async () => {
  await app.close();
  removeContentCopies();
});

const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
const PAGE = 'pages/services/iot.yaml';

async function upload(name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('kind', 'services');
  form.append('page', 'iot');
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return app.inject({ method: 'POST', url: `${API}/images`, headers: staffHeaders, payload: form });
}
const png = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
const request = (method: 'GET' | 'DELETE', url: string, headers: Record<string, string> = {}) =>
  app.inject({ method, url: `${API}${url}`, headers: { ...staffHeaders, ...headers } });

describe('an uploaded picture, before any Publish', () => {
  it('is committed as the staff member, and the page’s history lists it', async () => {
    const res = await upload('Fleet Lab.png', await png());
    expect(res.statusCode).toBe(201);
    const { path: address, commit } = res.json() as { path: string; commit: string };
    expect(address).toBe('/images/services/iot/fleet-lab.png');
    expect(git('log', '-1', '--format=%H|%an <%ae>|%s')).toBe(
      `${commit}|${STAFF.name} <${STAFF.email}>|Upload picture /images/services/iot/fleet-lab.png`,
    );
    expect(git('show', '--name-only', '--format=', commit)).toBe('public/images/services/iot/fleet-lab.png');
    const history = (await request('GET', `/history?file=${PAGE}`)).json() as {
      versions: { commit: string; subject: string }[];
    };
    expect(history.versions[0]).toMatchObject({ commit, subject: `Upload picture ${address}` });
  });

  it('can be named by a page and saved at once (the server’s validator finds it)', async () => {
    const site = (await request('GET', '/site')).json() as {
      files: Record<string, { text: string; version: string }>;
      images: { path: string }[];
    };
    expect(site.images.map((i) => i.path)).toContain('/images/services/iot/fleet-lab.png');
    const data = parse(site.files[PAGE]?.text ?? '') as {
      blocks: { type: string; background?: { desktop?: string } }[];
    };
    const hero = data.blocks.find((b) => b.type === 'pageHero');
    if (!hero?.background) throw new Error('The IoT page has no hero picture.');
    hero.background.desktop = '/images/services/iot/fleet-lab.png';
    const saved = await app.inject({
      method: 'PUT',
      url: `${API}/file`,
      headers: staffHeaders,
      payload: { file: PAGE, version: site.files[PAGE]?.version, data },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('is served to signed-in staff from the content folder, revalidated, with the picture headers', async () => {
    const res = await request('GET', '/images/services/iot/fleet-lab.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(
      res.rawPayload.equals(readFileSync(path.join(dir, 'public/images/services/iot/fleet-lab.png'))),
    ).toBe(true);
    const again = await request('GET', '/images/services/iot/fleet-lab.png', {
      'if-none-match': String(res.headers.etag),
    });
    expect(again.statusCode).toBe(304);

    const svg = await request('GET', '/images/services/iot/hero-desktop.svg');
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
    );

    const visitor = await app.inject({ method: 'GET', url: `${API}/images/services/iot/fleet-lab.png` });
    expect(visitor.statusCode).toBe(401);
    for (const bad of ['/images/..%2f..%2fsite.yaml', '/images/services/iot/.hidden.png', '/images/x/y.yaml'])
      expect((await request('GET', bad)).statusCode, bad).toBe(400);
    expect((await request('GET', '/images/services/iot/none.png')).statusCode).toBe(404);
  });

  it('cannot be deleted while a page names it: the answer says which page', async () => {
    const res = await request('DELETE', '/images/services/iot/fleet-lab.png');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/is used by Telematics & IoT .*\(pages\/services\/iot\.yaml\)/);
    expect(res.json().usedBy).toEqual([{ file: PAGE, title: expect.stringContaining('IoT') }]);
    expect(existsSync(path.join(dir, 'public/images/services/iot/fleet-lab.png'))).toBe(true);
  });

  it('is deleted when no page names it, and the deletion is committed as the staff member', async () => {
    const uploaded = (await upload('spare.png', await png())).json() as { path: string };
    const res = await request('DELETE', uploaded.path);
    expect(res.statusCode, res.body).toBe(200);
    expect(existsSync(path.join(dir, 'public', uploaded.path))).toBe(false);
    expect(git('log', '-1', '--format=%an|%s')).toBe(`${STAFF.name}|Delete picture ${uploaded.path}`);
    expect(git('show', '--name-status', '--format=', 'HEAD')).toBe(`D\tpublic${uploaded.path}`);
    expect(git('status', '--porcelain', '--', 'public')).toBe('');
    expect((await request('DELETE', uploaded.path)).statusCode).toBe(404);
  });
});
