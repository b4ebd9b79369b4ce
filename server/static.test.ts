// @vitest-environment node

import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { REDIRECTS_FILE_NAME, redirectsFileText } from '../node/redirects.ts';
import {
  fakeClientDir,
  INLINE_SCRIPT,
  removeTempDirs,
  startTestServer,
  type TestServer,
} from './testSupport.ts';

let server: TestServer;

/** An SVG of an upload folder, large enough to be sent compressed. */
const UPLOADED_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${'<rect width="1" height="1"/>'.repeat(80)}</svg>`;

/** A picture outside assets/: the same address from build to build. */
const PICTURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

beforeAll(async () => {
  const clientDir = fakeClientDir();
  mkdirSync(path.join(clientDir, 'images'));
  writeFileSync(path.join(clientDir, 'images', 'hero.png'), PICTURE);
  mkdirSync(path.join(clientDir, 'images', 'services', 'iot'), { recursive: true });
  writeFileSync(path.join(clientDir, 'images', 'services', 'iot', 'diagram.svg'), UPLOADED_SVG);
  // redirects.yaml as the build writes it into the client folder (scripts/build/redirectsFile.ts).
  writeFileSync(
    path.join(clientDir, REDIRECTS_FILE_NAME),
    redirectsFileText([
      { from: '/about-us', to: '/about' },
      { from: '/careers/qa-engineer', to: '/' },
    ]),
  );
  server = await startTestServer({ clientDir, forms: { serviceTypes: [], positions: [] } });
});
afterAll(async () => {
  await server?.stop();
  removeTempDirs();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers, redirect: 'manual' });

describe('serving the pre-rendered site', () => {
  it('serves the home page as HTML that is revalidated, with the security headers', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('etag')).toBeTruthy();
    expect(await res.text()).toContain('<h1>Home</h1>');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // The inline script of the page is allowed by its hash, and nothing else inline is.
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).toBe(`'self' 'sha256-${hash}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('permissions-policy')).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers a revalidation with 304', async () => {
    const etag = (await get('/about')).headers.get('etag') ?? '';
    // (fetch would add "cache-control: no-cache" to a conditional request unless one is given)
    expect((await get('/about', { 'if-none-match': etag, 'cache-control': 'max-age=0' })).status).toBe(304);
  });

  it('revalidates pictures and other files that keep their address from build to build (304 when unchanged)', async () => {
    for (const file of ['/images/hero.png', '/robots.txt']) {
      const res = await get(file);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('cache-control'), file).toBe('no-cache');
      const etag = res.headers.get('etag') ?? '';
      expect(etag, file).not.toBe('');
      expect((await get(file, { 'if-none-match': etag, 'cache-control': 'max-age=0' })).status, file).toBe(
        304,
      );
    }
    expect(Buffer.from(await (await get('/images/hero.png')).arrayBuffer())).toEqual(PICTURE);
  });

  it('serves an SVG of the upload folders with a policy of its own that runs no script, plain or compressed', async () => {
    for (const encoding of ['identity', 'br']) {
      const res = await get('/images/services/iot/diagram.svg', { 'accept-encoding': encoding });
      expect(res.status, encoding).toBe(200);
      expect(res.headers.get('content-type'), encoding).toMatch(/^image\/svg\+xml/);
      expect(res.headers.get('content-security-policy'), encoding).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
      );
      expect(res.headers.get('x-content-type-options'), encoding).toBe('nosniff');
      expect(await res.text(), encoding).toBe(UPLOADED_SVG);
    }
    // Pages keep the site's policy.
    expect((await get('/')).headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('serves /about from about/index.html and redirects /about/ to it', async () => {
    const res = await get('/about');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<h1>About</h1>');
    const slash = await get('/about/?x=1');
    expect(slash.status).toBe(301);
    expect(slash.headers.get('location')).toBe('/about?x=1');
  });

  it('answers an old address of redirects.yaml with 301 to its new one, the query kept', async () => {
    const moved = await get('/about-us?utm_source=mail&x=1');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/about?utm_source=mail&x=1');
    const nested = await get('/careers/qa-engineer');
    expect(nested.status).toBe(301);
    expect(nested.headers.get('location')).toBe('/');
    // Written with a slash: straight to the new address, not first to "/about-us".
    const slash = await get('/about-us/?x=1');
    expect(slash.status).toBe(301);
    expect(slash.headers.get('location')).toBe('/about?x=1');
    // The page it leads to is there; an address that is neither a page nor a redirect is not.
    expect((await get('/about')).status).toBe(200);
    expect((await get('/about-them')).status).toBe(404);
  });

  it('does not serve the redirects file itself', async () => {
    const res = await get(`/${REDIRECTS_FILE_NAME}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page not found');
  });

  it('switches the redirects with the build (Publish): those of the new build, none of the old', async () => {
    const served = server.app.servedSite;
    if (!served) throw new Error('no served site');
    const before = served.clientDir();
    const next = fakeClientDir();
    writeFileSync(path.join(next, REDIRECTS_FILE_NAME), redirectsFileText([{ from: '/team', to: '/about' }]));
    served.swap(next);
    try {
      expect((await get('/team')).headers.get('location')).toBe('/about');
      expect((await get('/about-us')).status).toBe(404);
    } finally {
      served.swap(before);
    }
    expect((await get('/about-us')).headers.get('location')).toBe('/about');
  });

  it('caches hashed assets for a year as immutable and compresses them (brotli, gzip)', async () => {
    const br = await fetch(`${server.url}/assets/app-Ab12Cd34.js`, { headers: { 'accept-encoding': 'br' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('content-encoding')).toBe('br');
    const raw = Buffer.from(await br.arrayBuffer());
    // fetch decodes br itself on newer Node; either way the text must come out.
    const text = raw.toString().startsWith('console') ? raw.toString() : brotliDecompressSync(raw).toString();
    expect(text).toMatch(/^console\.log/);
    const gz = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
  });

  it.each([
    '/no-such-page',
    '/about/deeper',
    '/404',
    '/404.html',
    '/../../etc/passwd',
    '/..%2f..%2fetc%2fpasswd',
  ])('answers %s with the 404 page and status 404', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<h1>Page not found</h1>');
  });

  it('answers a malformed address with 400', async () => {
    expect((await get('/%E0%A4%A')).status).toBe(400);
  });

  it('keeps JSON 404s for the API', async () => {
    const res = await get('/backend/api/no-such-endpoint');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found.' });
  });
});

describe('CORS', () => {
  it('is off by default and allows only the configured origins when set', async () => {
    // Default server: a cross-origin preflight and POST get no CORS permission at all.
    const offPreflight = await fetch(`${server.api}/contact`, {
      method: 'OPTIONS',
      headers: { origin: 'https://www.example.com', 'access-control-request-method': 'POST' },
    });
    expect(offPreflight.headers.get('access-control-allow-origin')).toBeNull();
    const offPost = await fetch(`${server.api}/contact`, {
      method: 'POST',
      headers: { origin: 'https://www.example.com', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(offPost.headers.get('access-control-allow-origin')).toBeNull();
    expect(offPost.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    const cors = await startTestServer({
      corsOrigins: ['https://www.example.com'],
      forms: { serviceTypes: [], positions: [] },
    });
    try {
      const preflight = (origin: string) =>
        fetch(`${cors.api}/contact`, {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type',
          },
        });
      expect((await preflight('https://www.example.com')).headers.get('access-control-allow-origin')).toBe(
        'https://www.example.com',
      );
      expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
      const csp = (await fetch(`${cors.api}/contact`, { method: 'POST' })).headers.get(
        'content-security-policy',
      );
      expect(csp).toContain("connect-src 'self' https://www.example.com");
    } finally {
      await cors.stop();
    }
  });
});
