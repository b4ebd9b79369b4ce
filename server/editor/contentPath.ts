/**
 * Which files the editor may read and write: site.yaml, redirects.yaml and YAML files under pages/, named by a
 * content-relative path with "/". Anything else (.., an absolute path, a symlink anywhere on the
 * way, another extension, odd characters) is refused with a message for the user.
 */
import { lstatSync } from 'node:fs';
import path from 'node:path';

export class ContentPathError extends Error {}

const SEGMENT = /^[a-z0-9][a-z0-9._-]*$/i;

/** The absolute path of a content file, after checking its name and every folder on its way. */
export function resolveContentFile(root: string, file: unknown): string {
  if (typeof file !== 'string' || !file)
    throw new ContentPathError('Say which file: a path like pages/about.yaml.');
  const parts = file.split('/');
  const allowed =
    file === 'site.yaml' ||
    file === 'redirects.yaml' ||
    (parts[0] === 'pages' &&
      parts.length >= 2 &&
      parts.length <= 4 &&
      parts.slice(1).every((p) => SEGMENT.test(p) && p !== '..' && !p.startsWith('.')) &&
      /\.yaml$/.test(file));
  if (!allowed || path.isAbsolute(file) || file.includes('\\'))
    throw new ContentPathError(
      `"${file}" is not a content file: only site.yaml, redirects.yaml and .yaml files under pages/ can be edited.`,
    );
  refuseSymlinks(root, parts);
  return path.join(root, ...parts);
}

/** Refuses a path that passes through a symbolic link (it could lead outside the content folder). */
export function refuseSymlinks(root: string, parts: readonly string[]): void {
  let at = root;
  for (const part of parts) {
    at = path.join(at, part);
    try {
      if (lstatSync(at).isSymbolicLink())
        throw new ContentPathError(
          `"${parts.join('/')}" passes through a link; links cannot be edited here.`,
        );
    } catch (error) {
      if (error instanceof ContentPathError) throw error;
      return; // does not exist (yet): nothing further down can be a link
    }
  }
}
