/**
 * Brotli's quality follows a file's size: the best for the small files most of the site is made
 * of, a faster one for large files, which at quality 11 took seconds each (node/precompress.ts).
 */
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync, constants as zlibConstants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brotliQualityFor, compress } from './precompress.ts';

/** Text that compresses as pages do: repeated words with some variety. */
function pageLikeText(bytes: number): Buffer {
  const words =
    randomBytes(4096)
      .toString('base64')
      .match(/.{1,7}/g) ?? [];
  let text = '';
  for (let i = 0; text.length < bytes; i++) text += `${words[(i * 7919) % words.length]} `;
  return Buffer.from(text.slice(0, bytes));
}

describe('compress', () => {
  it('gives small files the best brotli quality and large ones a faster one', () => {
    expect(brotliQualityFor(20 * 1024)).toBe(zlibConstants.BROTLI_MAX_QUALITY);
    expect(brotliQualityFor(64 * 1024)).toBe(zlibConstants.BROTLI_MAX_QUALITY);
    expect(brotliQualityFor(200 * 1024)).toBeLessThan(zlibConstants.BROTLI_MAX_QUALITY);
    expect(brotliQualityFor(2 * 1024 * 1024)).toBeLessThan(brotliQualityFor(200 * 1024));
  });

  it('writes copies that decompress to the file, at every size', async () => {
    for (const size of [10 * 1024, 300 * 1024, 1024 * 1024]) {
      const raw = pageLikeText(size);
      const br = await compress(raw, 'br');
      expect(br.length).toBeLessThan(raw.length);
      expect(brotliDecompressSync(br).equals(raw)).toBe(true);
      expect(gunzipSync(await compress(raw, 'gzip')).equals(raw)).toBe(true);
    }
  });
});
