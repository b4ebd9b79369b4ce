// @vitest-environment node
import { hashPassword, parsePasswordHash, verifyPassword } from './password.ts';

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
