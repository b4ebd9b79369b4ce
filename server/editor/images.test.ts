// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
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

function upload(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file)
    form.append(
      'file',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }),
      file.name,
    );
  return app.inject({ method: 'POST', url: `${API}/images`, headers: staffHeaders, payload: form });
}

const raster = (format: 'png' | 'jpeg' | 'webp' | 'avif') =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#1e88e5' } })
    .toFormat(format)
    .toBuffer();

const svg = (body = '<rect width="10" height="10"/>') =>
  Buffer.from(
    `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 80">${body}</svg>`,
  );

describe('POST /images', () => {
  it('stores each accepted type under public/images/<kind>/<page>/ with a safe name and gives its size', async () => {
    for (const format of ['png', 'jpeg', 'webp', 'avif'] as const) {
      const res = await upload(
        { kind: 'services', page: 'iot' },
        { name: `Lab Photo (${format}).JPG`, bytes: await raster(format) },
      );
      expect(res.statusCode, format).toBe(201);
      const ext = format === 'jpeg' ? 'jpg' : format;
      expect(res.json()).toEqual({
        path: `/images/services/iot/lab-photo-${format}.${ext}`,
        width: 64,
        height: 48,
        commit: null,
      });
      expect(existsSync(path.join(dir, 'public', res.json().path))).toBe(true);
    }
    const res = await upload(
      { kind: 'services', page: 'iot' },
      { name: 'diagram.svg', bytes: svg(), type: 'image/svg+xml' },
    );
    expect(res.json()).toEqual({
      path: '/images/services/iot/diagram.svg',
      width: 120,
      height: 80,
      commit: null,
    });
  });

  it('judges by content: a PNG named .svg is stored as .png; a text named .png is refused', async () => {
    const png = await upload(
      { kind: 'about', page: 'team' },
      { name: 'photo.svg', bytes: await raster('png') },
    );
    expect(png.json().path).toBe('/images/about/team/photo.png');
    const again = await upload(
      { kind: 'about', page: 'team' },
      { name: 'photo.png', bytes: await raster('png') },
    );
    expect(again.json().path).toBe('/images/about/team/photo-2.png');
    const text = await upload(
      { kind: 'about', page: 'team' },
      { name: 'x.png', bytes: Buffer.from('hello, not a picture') },
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toContain('not a PNG, JPEG, WebP, AVIF or SVG');
  });

  it('refuses an SVG with a script, an event handler or an outside reference', async () => {
    for (const body of [
      '<script>alert(1)</script>',
      '<rect width="1" height="1" onload="alert(1)"/>',
      '<image href="https://evil.example/x.png"/>',
      '<use xlink:href="other.svg#a"/>',
      '<rect style="fill:url(https://evil.example/p)"/>',
    ]) {
      const res = await upload({ kind: 'services', page: 'iot' }, { name: 'bad.svg', bytes: svg(body) });
      expect(res.statusCode, body).toBe(400);
    }
    const fine = await upload(
      { kind: 'services', page: 'iot' },
      { name: 'ok.svg', bytes: svg('<use href="#a"/>') },
    );
    expect(fine.statusCode).toBe(201);
  });

  it('refuses each scriptable SVG the pattern check let through, saying what is wrong', async () => {
    const variants: [string, string, RegExp][] = [
      [
        'a script in a prefixed namespace',
        '<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>',
        /the element <svg:script>/,
      ],
      [
        'an animation that sets a handler',
        '<rect width="1" height="1"><set attributeName="onmouseover" to="alert(1)"/></rect>',
        /the element <set>/,
      ],
      [
        'an encoded javascript: scheme',
        '<a xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="&#106;avascript:alert(1)"><rect width="1" height="1"/></a>',
        /the attribute xlink:href="javascript:alert\(1\)" on <a>/,
      ],
      [
        'a CSS escape spelling url(',
        '<rect width="1" height="1" style="fill:u\\72l(https://evil.example/p)"/>',
        /CSS escape/,
      ],
      [
        'a CSS escape in a style sheet',
        '<style>rect { fill: u\\72l(https://evil.example/p) }</style>',
        /CSS escape/,
      ],
      ['HTML inside the picture', '<foreignObject><p>hi</p></foreignObject>', /<foreignObject>/],
      [
        'a script in the HTML namespace',
        '<g xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></g>',
        /the element <(g|script)>/,
      ],
      ['a picture from elsewhere', '<image href="https://evil.example/x.png"/>', /refers to another file/],
      [
        'an image-set',
        '<rect style="fill:image-set(&quot;https://evil.example/x.png&quot; 1x)"/>',
        /elsewhere/,
      ],
    ];
    for (const [what, body, message] of variants) {
      const res = await upload({ kind: 'services', page: 'iot' }, { name: 'bad.svg', bytes: svg(body) });
      expect(res.statusCode, what).toBe(400);
      expect(res.json().message, what).toMatch(message);
    }
    const entity = await upload(
      { kind: 'services', page: 'iot' },
      {
        name: 'entity.svg',
        bytes: Buffer.from(
          '<!DOCTYPE svg [<!ENTITY x "<script>alert(1)</script>">]><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">&x;</svg>',
        ),
      },
    );
    expect(entity.statusCode).toBe(400);
    expect(entity.json().message).toContain('XML entities');
    expect(existsSync(path.join(dir, 'public/images/services/iot/bad.svg'))).toBe(false);
  });

  it('stores the checked SVG without its external DTD, comments or XML declaration', async () => {
    const res = await upload(
      { kind: 'services', page: 'iot' },
      {
        name: 'with-dtd.svg',
        bytes: Buffer.from(
          '<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "https://evil.example/svg11.dtd">\n<!-- drawn by hand -->\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="#1e88e5"/></svg>',
        ),
      },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ path: '/images/services/iot/with-dtd.svg', width: 40, height: 30 });
    const stored = readFileSync(path.join(dir, 'public/images/services/iot/with-dtd.svg'), 'utf8');
    expect(stored).not.toMatch(/DOCTYPE|evil\.example|drawn by hand|<\?xml/);
    expect(stored).toContain('<rect width="40" height="30" fill="#1e88e5"/>');
  });

  it('refuses more than 10 MB with 413, and bad folder names with 400', async () => {
    const big = Buffer.concat([await raster('png'), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload({ kind: 'services', page: 'iot' }, { name: 'big.png', bytes: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toContain('larger than 10 MB');
    for (const fields of [
      { kind: '..', page: 'x' },
      { kind: 'services', page: 'a/b' },
      { kind: 'services' },
    ]) {
      const bad = await upload(fields as Record<string, string>, {
        name: 'a.png',
        bytes: await raster('png'),
      });
      expect(bad.statusCode).toBe(400);
    }
    expect(readFileSync(path.join(dir, 'public/images/brand/logo.svg')).length).toBeGreaterThan(0);
  });
});
