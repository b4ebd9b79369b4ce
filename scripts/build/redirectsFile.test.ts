// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readRedirectsFile } from '../../node/redirects.ts';
import { REDIRECTS_FILE_NAME, redirectsFileText, writeRedirectsFile } from './redirectsFile.ts';

describe('client/_redirects (the form static hosts read)', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const clientDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'redirects-'));
    dirs.push(dir);
    return dir;
  };

  it('writes one permanent redirect per line, "/from /to 301", in the order of redirects.yaml', () => {
    const dir = clientDir();
    writeRedirectsFile(dir, [
      { from: '/careers/qa-engineer', to: '/careers' },
      { from: '/about-us.html', to: '/about' },
    ]);
    expect(REDIRECTS_FILE_NAME).toBe('_redirects');
    const lines = readFileSync(path.join(dir, '_redirects'), 'utf8').split('\n');
    // A comment first (both Netlify and Cloudflare Pages skip lines starting with #), then the rules.
    expect(lines[0]).toMatch(/^# .*redirects\.yaml/);
    expect(lines.slice(1)).toEqual(['/careers/qa-engineer /careers 301', '/about-us.html /about 301', '']);
  });

  it('writes the file with no redirects too, so a host keeps none of an older build', () => {
    const dir = clientDir();
    writeRedirectsFile(dir, []);
    const text = readFileSync(path.join(dir, '_redirects'), 'utf8');
    expect(text.split('\n').filter((l) => l && !l.startsWith('#'))).toEqual([]);
  });

  it('is read back by the server as written (old address -> new one)', () => {
    const dir = clientDir();
    writeRedirectsFile(dir, [
      { from: '/a', to: '/b' },
      { from: '/c/d', to: '/' },
    ]);
    expect([...readRedirectsFile(dir)]).toEqual([
      ['/a', '/b'],
      ['/c/d', '/'],
    ]);
    expect(readRedirectsFile(clientDir()).size).toBe(0);
    expect(redirectsFileText([{ from: '/x', to: '/y' }])).toContain('\n/x /y 301\n');
  });
});
