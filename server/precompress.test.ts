// @vitest-environment node
/**
 * Compressed pages come from the build (file.br, file.gz beside each text file) and are sent as
 * they are: no request compresses a page at brotli 11 on the main thread.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, constants as zlibConstants } from 'node:zlib';
import { precompressDir } from '../node/precompress.ts';
import { fakeClientDir, removeTempDirs, startTestServer } from './testSupport.ts';

afterAll(() => removeTempDirs());

/** The raw bytes of a response, whatever fetch does with content-encoding. */
async function rawBody(url: string, encoding: string): Promise<{ headers: Headers; body: Buffer }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          headers: new Headers(res.headers as Record<string, string>),
          body: Buffer.concat(chunks),
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('precompressed pages', () => {
  it('the build writes a brotli and a gzip copy of every text file', async () => {
    const dir = fakeClientDir();
    const count = await precompressDir(dir);
    expect(count).toBeGreaterThanOrEqual(4);
    const html = readFileSync(path.join(dir, 'index.html'));
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'index.html.br')))).toEqual(html);
    expect(gunzipSync(readFileSync(path.join(dir, 'index.html.gz')))).toEqual(html);
  });

  it('files with the same bytes are compressed once, however the workers interleave', async () => {
    const dir = fakeClientDir();
    const same = `<!doctype html><p>${'the same page '.repeat(400)}</p>`;
    for (let i = 0; i < 8; i++) writeFileSync(path.join(dir, `same-${i}.html`), same);
    const stored = new Map<string, Buffer>();
    const puts: string[] = [];
    await precompressDir(dir, 4, {
      get: (raw, encoding) => stored.get(`${encoding}:${raw.toString('base64')}`),
      put: (raw, encoding, copy) => {
        if (raw.toString() === same) puts.push(encoding);
        stored.set(`${encoding}:${raw.toString('base64')}`, copy);
      },
    });
    expect(puts.sort()).toEqual(['br', 'gzip']);
    for (let i = 0; i < 8; i++)
      expect(brotliDecompressSync(readFileSync(path.join(dir, `same-${i}.html.br`))).toString()).toBe(same);
  });

  it('the server sends the build’s copies as they are and does not list them as pages', async () => {
    const dir = fakeClientDir();
    const html = readFileSync(path.join(dir, 'index.html'));
    // A copy at quality 1: what the server sends must be this file, not its own compression.
    const quick = brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } });
    writeFileSync(path.join(dir, 'index.html.br'), quick);
    const server = await startTestServer({ clientDir: dir, forms: { serviceTypes: [], positions: [] } });
    try {
      const br = await rawBody(`${server.url}/`, 'br');
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(br.body.equals(quick)).toBe(true);
      // No copy of its own for gzip: made on the thread pool, still a valid gzip of the page.
      const gz = await rawBody(`${server.url}/`, 'gzip');
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(gz.body)).toEqual(html);
      expect((await fetch(`${server.url}/index.html.br`)).status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});
