/**
 * Staff password: stored only as a scrypt hash `scrypt$N$r$p$salt$hash` (salt and hash in base64),
 * from ADMIN_PASSWORD_HASH (made by `npm run submissions -- hash-password`) or from ADMIN_PASSWORD,
 * hashed once at start (the plain text is not kept).
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export const SCRYPT_DEFAULTS = { N: 2 ** 15, r: 8, p: 1 } as const;

/** The shortest staff password accepted, by `hash-password` and for ADMIN_PASSWORD alike. */
export const PASSWORD_MIN_LENGTH = 12;

/** Counted in characters as a person sees them (code points), not UTF-16 units. */
export const isLongEnoughPassword = (password: string): boolean =>
  [...password].length >= PASSWORD_MIN_LENGTH;
const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(
  password: string,
  params: { N: number; r: number; p: number } = SCRYPT_DEFAULTS,
) {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, params.N, params.r, params.p);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

interface Parsed {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

/** Throws with a readable message when the string is not a hash this module made. */
export function parsePasswordHash(hash: string): Parsed {
  const parts = hash.trim().split('$');
  const [scheme, n, r, p, salt, key] = parts;
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  const ok =
    parts.length === 6 &&
    scheme === 'scrypt' &&
    Number.isInteger(N) &&
    N > 1 &&
    (N & (N - 1)) === 0 &&
    N <= 2 ** 20 &&
    Number.isInteger(R) &&
    R >= 1 &&
    R <= 32 &&
    Number.isInteger(P) &&
    P >= 1 &&
    P <= 16 &&
    !!salt &&
    !!key;
  if (!ok)
    throw new Error(
      'ADMIN_PASSWORD_HASH must look like scrypt$N$r$p$salt$hash (make one with `npm run submissions -- hash-password`).',
    );
  return { N, r: R, p: P, salt: Buffer.from(salt ?? '', 'base64'), key: Buffer.from(key ?? '', 'base64') };
}

/** Constant-time check of a password against a hash. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const h = parsePasswordHash(hash);
  const key = await scryptAsync(password, h.salt, h.N, h.r, h.p);
  return key.length === h.key.length && timingSafeEqual(key, h.key);
}
