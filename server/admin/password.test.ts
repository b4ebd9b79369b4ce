// @vitest-environment node
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../config.ts';
import {
  hashPassword,
  isLongEnoughPassword,
  PASSWORD_MIN_LENGTH,
  parsePasswordHash,
  verifyPassword,
} from './password.ts';

const fast = { N: 1024, r: 8, p: 1 };

describe('staff password hashes', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const a = await hashPassword('correct horse battery staple', fast);
    const b = await hashPassword('correct horse battery staple', fast);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]{44}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse battery staple', a)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('uses strong defaults', async () => {
    expect(parsePasswordHash(await hashPassword('x')).N).toBe(2 ** 15);
  });

  it('explains a malformed ADMIN_PASSWORD_HASH', () => {
    for (const bad of ['', 'plain-password', 'scrypt$1000$8$1$c2FsdA==$a2V5', 'bcrypt$10$8$1$a$b'])
      expect(() => parsePasswordHash(bad)).toThrow(/ADMIN_PASSWORD_HASH must look like/);
  });
});

describe('the minimum password length', () => {
  it('is 12 characters, counted as a person counts them', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect(isLongEnoughPassword('a'.repeat(11))).toBe(false);
    expect(isLongEnoughPassword('a'.repeat(12))).toBe(true);
    expect(isLongEnoughPassword('🔑'.repeat(11))).toBe(false);
    expect(isLongEnoughPassword('🔑'.repeat(12))).toBe(true);
  });

  it('is the one `npm run submissions -- hash-password` applies', async () => {
    const hashFor = (password: string) =>
      spawnSync(
        path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
        [path.join(REPO_ROOT, 'server', 'cli', 'submissions.ts'), 'hash-password'],
        { input: `${password}\n`, encoding: 'utf8', env: { ...process.env, ADMIN_PASSWORD: '' } },
      );
    const short = hashFor('🔑'.repeat(11));
    expect(short.status).toBe(2);
    expect(short.stderr).toContain('at least 12 characters');
    const ok = hashFor('🔑'.repeat(12));
    expect(ok.status).toBe(0);
    expect(await verifyPassword('🔑'.repeat(12), ok.stdout.trim())).toBe(true);
  });
});
