// @vitest-environment node
/**
 * The real server (server/app.ts, its own error handler) with CONTENT_REMOTE naming a repository
 * that cannot be reached: the page list still shows what the instance's clone holds, and a save
 * answers 503 with the words of sharedRepository.ts, writing nothing. (An error that is not an
 * HttpError would reach the editor as a bare "server error".)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CSRF_HEADER } from '../admin/routes.ts';
import { type EditorServer, startEditorServer } from './editorTestSupport.ts';

let editor: EditorServer;
beforeAll(async () => {
  process.env.CONTENT_REMOTE = path.join(import.meta.dirname, 'no-such-repository.git');
  editor = await startEditorServer({ git: true });
});
afterAll(async () => {
  delete process.env.CONTENT_REMOTE;
  await editor?.stop();
});

describe('a shared repository that cannot be reached', () => {
  it('lists the clone, and answers a save with 503 in words, writing nothing', async () => {
    const writer = await editor.signIn('writer@example.com');
    const content = (route: string) => `${editor.server.api}/admin/content${route}`;
    const site = await fetch(content('/site'), { headers: { cookie: writer.cookie } });
    expect(site.status).toBe(200);
    const file = 'pages/about.yaml';
    const opened = ((await site.json()) as { files: Record<string, { text: string; version: string }> })
      .files[file];
    if (!opened) throw new Error('about.yaml is not listed');
    const data = parse(opened.text);
    data.title = 'About Triune (not saved)';
    const saved = await fetch(content('/file'), {
      method: 'PUT',
      headers: { cookie: writer.cookie, 'content-type': 'application/json', [CSRF_HEADER]: writer.csrf },
      body: JSON.stringify({ file, version: opened.version, data }),
    });
    expect(saved.status).toBe(503);
    expect(((await saved.json()) as { message: string }).message).toMatch(
      /^The shared content repository \(.*no-such-repository\.git\) cannot be reached, so nothing was saved: /,
    );
    expect(readFileSync(path.join(editor.content, file), 'utf8')).toBe(opened.text);
  });
});
