// @vitest-environment node
/** The editor's API hands the redirects to the editor's list (and to its checks as the user types). */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, contentApp, contentCopy, removeContentCopies, staffHeaders } from './editorTestSupport.ts';

let dir: string;
let app: FastifyInstance;
beforeAll(async () => {
  dir = contentCopy();
  app = await contentApp(dir);
});
afterAll(async () => {
  await app.close();
  removeContentCopies();
});

const site = async () =>
  (await app.inject({ method: 'GET', url: `${API}/site`, headers: staffHeaders })).json() as {
    files: Record<string, unknown>;
    redirects: string | null;
  };

describe('GET /site and redirects.yaml', () => {
  it('sends the text of redirects.yaml beside the files, not as a page to edit', async () => {
    const text = 'redirects:\n  - { from: /old-about, to: /about }\n';
    writeFileSync(path.join(dir, 'redirects.yaml'), text);
    const body = await site();
    expect(body.redirects).toBe(readFileSync(path.join(dir, 'redirects.yaml'), 'utf8'));
    expect(Object.keys(body.files)).not.toContain('redirects.yaml');
    const pages = (
      await app.inject({ method: 'GET', url: `${API}/pages`, headers: staffHeaders })
    ).json() as { pages: { file: string }[] };
    expect(pages.pages.map((p) => p.file)).not.toContain('redirects.yaml');
  });

  it('sends null when the site has no redirects.yaml', async () => {
    rmSync(path.join(dir, 'redirects.yaml'), { force: true });
    expect((await site()).redirects).toBeNull();
  });
});
