/**
 * The content folder on disk: reads files with their version (sha256 of the bytes), lists
 * pages and pictures, and writes a file atomically (a temporary file renamed over it, so a
 * reader sees the old text or the new one, never half of either).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readImageSize } from '../../node/imageSizes.ts';
import { resolveContentFile } from './contentPath.ts';
import { scanPageFiles } from './fileProblems.ts';

export const versionOf = (bytes: string | Buffer): string => createHash('sha256').update(bytes).digest('hex');

export interface FileState {
  text: string;
  version: string;
}

export function readContentFile(root: string, file: string): FileState | undefined {
  const abs = resolveContentFile(root, file);
  if (!existsSync(abs)) return undefined;
  const bytes = readFileSync(abs);
  return { text: bytes.toString('utf8'), version: versionOf(bytes) };
}

/**
 * Every page file the editor may open, content-relative ("pages/services/iot.yaml"), sorted; links
 * and badly named files are left out (fileProblems.ts names them for the page list).
 */
export function listPageFiles(root: string): string[] {
  return scanPageFiles(root).files;
}

export function writeContentFile(root: string, file: string, text: string): string {
  const abs = resolveContentFile(root, file);
  mkdirSync(path.dirname(abs), { recursive: true });
  const temp = path.join(path.dirname(abs), `.${path.basename(abs)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    writeFileSync(temp, text, { flag: 'wx' });
    renameSync(temp, abs);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  return versionOf(text);
}

export interface ImageInfo {
  path: string;
  width: number;
  height: number;
}

/** The pictures under public/images, as pages name them ("/images/x/y.svg"), with their size. */
export function listImages(root: string): ImageInfo[] {
  const dir = path.join(root, 'public', 'images');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => /\.(svg|png|jpe?g|webp|avif)$/i.test(f))
    .sort()
    .flatMap((f) => {
      const size = readImageSize(path.join(dir, f));
      return size ? [{ path: `/images/${f}`, width: size[0], height: size[1] }] : [];
    });
}
