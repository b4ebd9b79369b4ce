/**
 * What an uploaded picture really is, judged by its bytes (never its name or the browser's word),
 * and the name it is stored under. Whether an SVG is safe to publish is svgSanitizer.ts's question.
 */
export type ImageType = 'png' | 'jpg' | 'webp' | 'avif' | 'svg';

export function sniffImage(bytes: Buffer): ImageType | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  if (bytes.toString('ascii', 4, 8) === 'ftyp') {
    const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length, 64);
    if (/avif|avis/.test(bytes.toString('ascii', 8, boxEnd))) return 'avif';
  }
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  // An XML declaration, comments and a doctype (with its internal subset) may come before the <svg> root.
  if (
    /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>[]*(\[[\s\S]*?\])?\s*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(
      head,
    )
  )
    return 'svg';
  return undefined;
}

/** A file name safe on every system and in a URL: lower case letters, digits and dashes, then the true extension. */
export function safeImageName(original: string, type: ImageType): string {
  const base = original
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'image'}.${type}`;
}
