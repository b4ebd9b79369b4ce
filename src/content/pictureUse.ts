/**
 * Which content files name each picture, for the editor's picture chooser (a used picture says
 * where, and cannot be deleted) and for the server, which refuses to delete a used picture. Both
 * read the same texts the same way: a file names a picture when one of its values is the picture's
 * address ("/images/services/iot/hero.png"). A file that cannot be read as YAML counts as naming
 * every address written anywhere in it, so an unreadable file never lets a used picture go.
 */
import { parse } from 'yaml';

export const SITE_SETTINGS_FILE = 'site.yaml';

export interface PictureUser {
  /** "pages/services/iot.yaml" or "site.yaml". */
  file: string;
  /** The page's title, or "Site settings". */
  title: string;
}

const PICTURE = /^\/images\/\S+$/;

function stringsIn(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    if (PICTURE.test(value)) into.add(value);
  } else if (Array.isArray(value)) for (const item of value) stringsIn(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) stringsIn(item, into);
}

function read(text: string): { data: unknown } | undefined {
  try {
    return { data: parse(text) };
  } catch {
    return undefined;
  }
}

function titleOf(file: string, data: unknown): string {
  if (file === SITE_SETTINGS_FILE) return 'Site settings';
  const title = (data as { title?: unknown } | null)?.title;
  return typeof title === 'string' && title.trim() ? title : file;
}

/** Each picture address named by `files` (file name -> text), with the files that name it. */
export function pictureUses(files: Iterable<readonly [string, string]>): Map<string, PictureUser[]> {
  const uses = new Map<string, PictureUser[]>();
  for (const [file, text] of files) {
    const parsed = read(text);
    const named = new Set<string>();
    if (parsed) stringsIn(parsed.data, named);
    else for (const m of text.matchAll(/\/images\/[^\s'"]+/g)) named.add(m[0]);
    const user = { file, title: titleOf(file, parsed?.data) };
    for (const picture of named) uses.set(picture, [...(uses.get(picture) ?? []), user]);
  }
  return uses;
}

/**
 * Where the editor stores the pictures uploaded for a page: public/images/<kind>/<page>/
 * ("pages/services/iot.yaml" -> services/iot; "pages/about.yaml" -> pages/about; site settings ->
 * brand/site), and, for the history, that folder as a content-relative path.
 */
export function uploadFolderOf(file: string): { kind: string; page: string; folder: string } {
  if (file === SITE_SETTINGS_FILE) return { kind: 'brand', page: 'site', folder: 'public/images/brand/site' };
  const [first = 'pages', ...rest] = file
    .replace(/^pages\//, '')
    .replace(/\.ya?ml$/, '')
    .split('/');
  const kind = rest.length ? first : 'pages';
  const page = rest.length ? rest.join('-') : first;
  return { kind, page, folder: `public/images/${kind}/${page}` };
}
