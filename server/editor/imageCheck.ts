/**
 * What an uploaded picture really is, judged by its bytes (never its name or the browser's word),
 * and whether an SVG is safe to serve from the site's own origin: no script, no event handlers,
 * nothing fetched from elsewhere.
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
  // An XML declaration, comments and a doctype may come before the <svg> root.
  if (
    /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>[]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(
      head,
    )
  )
    return 'svg';
  return undefined;
}

/** Why an SVG may not be published, or undefined when it is safe. */
export function svgProblem(text: string): string | undefined {
  if (/<script[\s>/]/i.test(text)) return 'The SVG contains a script, which is not allowed.';
  if (/\son[a-z]+\s*=/i.test(text))
    return 'The SVG contains event handlers (on...= attributes), which are not allowed.';
  if (/javascript:/i.test(text)) return 'The SVG contains a javascript: link, which is not allowed.';
  if (/<!ENTITY/i.test(text)) return 'The SVG declares XML entities, which are not allowed.';
  if (/<foreignObject[\s>]/i.test(text)) return 'The SVG embeds HTML (foreignObject), which is not allowed.';
  for (const m of text.matchAll(/\b(?:xlink:)?href\s*=\s*(["'])(.*?)\1/gi))
    if (!(m[2] ?? '').trim().startsWith('#'))
      return `The SVG refers to another file (${m[2]}); only references inside the SVG (#id) are allowed.`;
  for (const m of text.matchAll(/url\(\s*(['"]?)(.*?)\1\s*\)/gi))
    if (!(m[2] ?? '').trim().startsWith('#'))
      return `The SVG loads something from elsewhere (url(${m[2]})); only references inside the SVG are allowed.`;
  if (/@import/i.test(text)) return 'The SVG imports a style sheet, which is not allowed.';
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
