/**
 * Helpers of the server tests: a running server on port 0 with a SQLite file in a temporary folder,
 * the content's lists (with a fixture career page when the content has no open position yet), and
 * sample CV files built in memory.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { loadSiteFacts, type SiteFacts } from '../node/siteFacts.ts';
import { type CreateServerOptions, createServer, type SiteServer } from './app.ts';
import { REPO_ROOT } from './config.ts';

const createdDirs: string[] = [];

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `triune-${prefix}-`));
  createdDirs.push(dir);
  return dir;
}

/** Deletes every folder tempDir() made in this test file (call in afterAll, after stopping servers). */
export function removeTempDirs(): void {
  for (const dir of createdDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

let factsCache: SiteFacts | undefined;

/** Other people may be saving a page file at this very moment: try again briefly before failing. */
function loadWithRetry(root: string): SiteFacts {
  for (let attempt = 1; ; attempt++) {
    try {
      return loadSiteFacts(root);
    } catch (error) {
      if (attempt >= 5) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
    }
  }
}

/**
 * The service types and open positions of the repository's content. While the content lists no
 * job yet, a copy of it with one extra career page (a jobTiles block) is used instead, so the
 * application tests always run against positions derived by openPositions().
 */
export function testSiteFacts(): SiteFacts {
  if (factsCache) return factsCache;
  let facts = loadWithRetry(REPO_ROOT);
  if (!facts.positions.length) {
    const dir = tempDir('content');
    try {
      cpSync(path.join(REPO_ROOT, 'site.yaml'), path.join(dir, 'site.yaml'));
      cpSync(path.join(REPO_ROOT, 'pages'), path.join(dir, 'pages'), { recursive: true });
      symlinkSync(path.join(REPO_ROOT, 'public'), path.join(dir, 'public'));
      mkdirSync(path.join(dir, 'pages', 'careers'), { recursive: true });
      writeFileSync(
        path.join(dir, 'pages', 'careers', 'fixture-test-engineer.yaml'),
        [
          'path: /careers/fixture-test-engineer',
          'title: Test Engineer',
          'description: A fixture job page for the server tests.',
          'blocks:',
          '  - type: jobTiles',
          '    title: Test Engineer',
          '    tiles:',
          '      - legend: Job Type',
          '        value: Full Time',
          '',
        ].join('\n'),
      );
      facts = loadWithRetry(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  factsCache = facts;
  return facts;
}

/** The one executable inline script of the fake site (its hash must be in the CSP). */
export const INLINE_SCRIPT = '$RC("B:0","S:0")';

/** A tiny built site: enough to test the static serving without running the real build. */
export function fakeClientDir(): string {
  const dir = tempDir('client');
  const page = (title: string) =>
    `<!doctype html><html><head><title>${title}</title><script type="module" src="/assets/app-Ab12Cd34.js"></script></head><body><h1>${title}</h1>${'<p>Some text to make the page worth compressing.</p>'.repeat(40)}</body></html>`;
  writeFileSync(
    path.join(dir, 'index.html'),
    page('Home').replace(
      '</body>',
      `<script>${INLINE_SCRIPT}</script><script type="application/ld+json">{"@type":"Organization"}</script></body>`,
    ),
  );
  writeFileSync(path.join(dir, '404.html'), page('Page not found'));
  mkdirSync(path.join(dir, 'about'));
  writeFileSync(path.join(dir, 'about', 'index.html'), page('About'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'assets', 'app-Ab12Cd34.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))});\n`,
  );
  writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  return dir;
}

export interface TestServer extends SiteServer {
  url: string;
  api: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startTestServer(options: Partial<CreateServerOptions> = {}): Promise<TestServer> {
  const forms = options.forms ?? testSiteFacts();
  const dataDir = options.dataDir ?? tempDir('data');
  const server = await createServer({
    basePath: '/backend',
    forms,
    dataDir,
    logLevel: false,
    rateLimits: { apply: 1000, forms: 1000 },
    ...options,
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    ...server,
    url,
    api: `${url}${options.basePath ?? '/backend'}/api`,
    dataDir,
    stop: () => server.app.close(),
  };
}

// Sample files -------------------------------------------------------------------------------

export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n',
  'latin1',
);
export const DOC_BYTES = Buffer.concat([
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  Buffer.alloc(504, 0),
]);
export const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

/** A ZIP file (stored entries) with the given files. */
export function zipOf(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const nameBuf = Buffer.from(name, 'utf8');
    const data = Buffer.from(text, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, data);
    centrals.push(central, nameBuf);
    offset += local.length + nameBuf.length + data.length;
  }
  const centralBuf = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const count = Object.keys(files).length;
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(centralBuf.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralBuf, end]);
}

export const DOCX_BYTES = zipOf({
  '[Content_Types].xml': '<?xml version="1.0"?><Types/>',
  'word/document.xml': '<?xml version="1.0"?><w:document/>',
});
