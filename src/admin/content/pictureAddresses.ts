/**
 * The site's pictures as the editor knows them, and their addresses in it. The preview draws
 * pages with the site's own components, which name pictures by their public address (/images/…).
 * The public site serves only published pictures, so the preview is given the editor's address of
 * each picture instead (ContentApi.pictureUrl: the content folder's copy), and a picture uploaded
 * a moment ago shows at once.
 */
import type { PictureChange, SiteImage } from './api.ts';

type PictureUrl = (path: string) => string;

/** The site's pictures after an upload or a deletion, sorted by address as GET /site lists them. */
export function withPictureChange(images: readonly SiteImage[], change: PictureChange): SiteImage[] {
  if ('deleted' in change) return images.filter((i) => i.path !== change.deleted);
  const others = images.filter((i) => i.path !== change.added.path);
  return [...others, change.added].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** `value` with every picture address in it (a string starting /images/) replaced by `url(address)`. */
export function withPictureAddresses<T>(value: T, url: PictureUrl): T {
  if (typeof value === 'string') return (value.startsWith('/images/') ? url(value) : value) as T;
  if (Array.isArray(value)) return value.map((item) => withPictureAddresses(item, url)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, withPictureAddresses(item, url)]),
    ) as T;
  return value;
}

/** A size map keyed by public addresses, keyed by the editor's addresses too. */
export function sizesWithPictureAddresses(
  sizes: Record<string, [number, number]>,
  url: PictureUrl,
): Record<string, [number, number]> {
  return { ...sizes, ...Object.fromEntries(Object.entries(sizes).map(([path, size]) => [url(path), size])) };
}
