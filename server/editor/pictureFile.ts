/**
 * Which picture files the editor may read and delete: files under public/images with a picture's
 * extension, named by the address pages use ("/images/services/iot/hero.png", or without the
 * leading "/images/"). Anything else (.., hidden files, a link anywhere on the way, another
 * extension) is refused with a message for the user.
 */
import path from 'node:path';
import { ContentPathError, refuseSymlinks } from './contentPath.ts';

const SEGMENT = /^[a-z0-9][a-z0-9._-]*$/i;
const PICTURE = /\.(svg|png|jpe?g|webp|avif)$/i;

export interface PictureFile {
  /** The address pages use: "/images/services/iot/hero.png". */
  address: string;
  /** Content-relative, for git: "public/images/services/iot/hero.png". */
  file: string;
  absolute: string;
}

/** The picture `name` ("/images/a/b.png" or "a/b.png") names, after checking every part of it. */
export function pictureFile(root: string, name: unknown): PictureFile {
  const rel = typeof name === 'string' ? name.replace(/^\/?images\//, '') : '';
  const parts = rel.split('/');
  if (!rel || parts.length > 6 || !parts.every((p) => SEGMENT.test(p)) || !PICTURE.test(rel))
    throw new ContentPathError(
      `"${String(name)}" is not a picture of the site: name one like /images/services/iot/hero.png.`,
    );
  const inContent = ['public', 'images', ...parts];
  refuseSymlinks(root, inContent);
  return {
    address: `/images/${rel}`,
    file: inContent.join('/'),
    absolute: path.join(root, ...inContent),
  };
}
