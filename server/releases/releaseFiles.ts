/**
 * A published build's files in the database every instance shares, so that the instances that did
 * not build it can serve it (issue 36). Each file's bytes are stored once, under their SHA-256
 * (table release_blobs): a Publish uploads only what no earlier build had, a page or two for a
 * one-word change. A build is the list of its files (release_builds.files: path → hash).
 * Only the build's own output is shared: client/ and the release and forms' facts beside it. What an
 * instance adds as it switches (the previous build's scripts, kept for an hour) stays its own.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { copyFile, link, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { listFiles } from '../../node/listFiles.ts';
import { RELEASE_FILE, type Release } from '../../node/release.ts';
import { SITE_FACTS_FILE } from '../../node/siteFacts.ts';
import type { Db } from '../storage/db.ts';

/** A build's files: path (client/index.html, release.json, …) → the SHA-256 of its bytes. */
export type FileList = Record<string, string>;

/** Which build an instance serves, beside DIST_DIR/client (written as it switches). */
export const SERVED_BUILD_FILE = 'served-build.json';

export interface ServedBuild {
  buildId: number;
  files: FileList;
}

/** Uploaded and fetched a batch at a time: a few MB in memory at most, however big the site. */
const HASHES_PER_QUERY = 500;
const BATCH_BYTES = 4 * 1024 * 1024;

const SHA256 = /^[0-9a-f]{64}$/;
const SEGMENT = /^(?!\.\.?$)[^/\\\0]+$/;

/**
 * Whether a name from a file list is one a build writes: client/ and a path of plain names below it,
 * or the release and facts files beside it. A list read from the database or from disk names only
 * such files, or none is read: a damaged list must not write, or link, anything outside the build.
 */
export function isBuildFileName(name: string): boolean {
  if (name === RELEASE_FILE || name === SITE_FACTS_FILE) return true;
  const [first, ...rest] = name.split('/');
  return first === 'client' && rest.length > 0 && rest.every((segment) => SEGMENT.test(segment));
}

/** The file list, checked name by name and hash by hash; throws on the first that is not one. */
function checkedFileList(files: unknown, where: string): FileList {
  if (!files || typeof files !== 'object') throw new Error(`${where} holds no file list.`);
  for (const [name, hash] of Object.entries(files))
    if (!isBuildFileName(name) || typeof hash !== 'string' || !SHA256.test(hash))
      throw new Error(`${where} names a file no build writes: ${JSON.stringify(name).slice(0, 200)}.`);
  return files as FileList;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The shared files of the build in `outDir` (the folder holding client/). A file that is the very
 * file the instance serves already (the same inode: a build links what did not change from its
 * cache, and the switch links the build into DIST_DIR) keeps the hash `served` lists for it; the rest
 * are read and hashed, one at a time, so the server goes on answering requests meanwhile. A
 * one-word Publish of a 1,031-page site hashes a few files, not 200 MB.
 */
export async function fileListOf(
  outDir: string,
  served?: { dir: string; build: ServedBuild },
): Promise<FileList> {
  const files: FileList = {};
  const names = [
    ...listFiles(path.join(outDir, 'client')).map((f) => `client/${f}`),
    ...[RELEASE_FILE, SITE_FACTS_FILE].filter((f) => existsSync(path.join(outDir, f))),
  ];
  const sameFile = async (a: string, b: string) => {
    try {
      const [x, y] = await Promise.all([stat(a), stat(b)]);
      return x.ino === y.ino && x.dev === y.dev && x.size === y.size && x.mtimeMs === y.mtimeMs;
    } catch {
      return false;
    }
  };
  for (const name of names.sort()) {
    const known = served?.build.files[name];
    files[name] =
      known && served && (await sameFile(path.join(outDir, name), path.join(served.dir, name)))
        ? known
        : sha256(await readFile(path.join(outDir, name)));
  }
  return files;
}

export async function storeBuild(
  store: Db,
  outDir: string,
  release: Release,
  /** The build this instance serves (DIST_DIR and its served-build.json): its hashes are reused. */
  served?: { dir: string; build: ServedBuild },
): Promise<{ buildId: number; files: FileList; uploaded: number }> {
  const files = await fileListOf(outDir, served);
  const pathOf = new Map<string, string>();
  for (const [name, hash] of Object.entries(files)) if (!pathOf.has(hash)) pathOf.set(hash, name);
  const known = new Set<string>();
  for (const batch of batches([...pathOf.keys()], HASHES_PER_QUERY))
    for (const row of await store.db
      .selectFrom('release_blobs')
      .select('hash')
      .where('hash', 'in', batch)
      .execute())
      known.add(row.hash);
  const missing = [...pathOf].filter(([hash]) => !known.has(hash));
  let pending: { hash: string; bytes: Buffer }[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (!pending.length) return;
    await store.db
      .insertInto('release_blobs')
      .values(pending)
      .onConflict((c) => c.column('hash').doNothing())
      .execute();
    pending = [];
    pendingBytes = 0;
  };
  for (const [hash, name] of missing) {
    const bytes = await readFile(path.join(outDir, name));
    pending.push({ hash, bytes });
    pendingBytes += bytes.length;
    if (pendingBytes >= BATCH_BYTES) await flush();
  }
  await flush();
  const row = await store.db
    .insertInto('release_builds')
    .values({
      content_commit: release.content ?? '',
      code_version: release.code,
      built_at: release.builtAt,
      files: JSON.stringify(files),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { buildId: row.id, files, uploaded: missing.length };
}

/**
 * Writes build `buildId` into `outDir` (made empty first by the caller). A file the instance
 * already serves with the same bytes (`served`, the folder holding its client/) is linked from it;
 * the rest come from the database, each checked against its hash.
 */
export async function fetchBuild(
  store: Db,
  buildId: number,
  outDir: string,
  served?: { dir: string; build: ServedBuild },
): Promise<{ files: FileList; fetched: number }> {
  const row = await store.db
    .selectFrom('release_builds')
    .select('files')
    .where('id', '=', buildId)
    .executeTakeFirst();
  if (!row) throw new Error(`No build ${buildId} is stored in the database.`);
  const files = checkedFileList(JSON.parse(row.files), `Build ${buildId}`);
  const local = new Map<string, string>();
  if (served)
    for (const [name, hash] of Object.entries(served.build.files))
      local.set(hash, path.join(served.dir, name));
  const namesOf = new Map<string, string[]>();
  for (const [name, hash] of Object.entries(files)) namesOf.set(hash, [...(namesOf.get(hash) ?? []), name]);
  const folders = new Set<string>();
  // Asynchronous, file by file: a follower links a whole site's files while it goes on serving.
  const place = async (name: string, from: { file: string } | { bytes: Buffer }) => {
    const target = path.join(outDir, name);
    const folder = path.dirname(target);
    if (!folders.has(folder)) await mkdir(folder, { recursive: true });
    folders.add(folder);
    if ('bytes' in from) {
      const temp = `${target}.${process.pid}.tmp`;
      await writeFile(temp, from.bytes);
      await rename(temp, target);
      return;
    }
    await link(from.file, target).catch(() => copyFile(from.file, target));
  };
  const wanted: string[] = [];
  for (const [hash, names] of namesOf) {
    const file = local.get(hash);
    if (file && existsSync(file)) for (const name of names) await place(name, { file });
    else wanted.push(hash);
  }
  // Batches of a few MB, whatever the files' sizes (a page, or a 10 MB picture).
  const sizes = new Map<string, number>();
  for (const some of batches(wanted, HASHES_PER_QUERY))
    for (const row of await store.db
      .selectFrom('release_blobs')
      .select((e) => ['hash', e.fn<number>('length', ['bytes']).as('size')])
      .where('hash', 'in', some)
      .execute())
      sizes.set(row.hash, Number(row.size));
  const byBytes: string[][] = [];
  let current: string[] = [];
  let currentBytes = 0;
  for (const hash of wanted) {
    if (current.length && currentBytes + (sizes.get(hash) ?? 0) > BATCH_BYTES) {
      byBytes.push(current);
      current = [];
      currentBytes = 0;
    }
    current.push(hash);
    currentBytes += sizes.get(hash) ?? 0;
  }
  if (current.length) byBytes.push(current);
  for (const batch of byBytes) {
    const rows = await store.db
      .selectFrom('release_blobs')
      .select(['hash', 'bytes'])
      .where('hash', 'in', batch)
      .execute();
    for (const { hash, bytes } of rows) {
      const buffer = Buffer.from(bytes);
      if (sha256(buffer) !== hash) throw new Error(`The stored file ${hash} does not match its hash.`);
      const [first, ...more] = namesOf.get(hash) ?? [];
      if (!first) continue;
      await place(first, { bytes: buffer });
      for (const name of more) await place(name, { file: path.join(outDir, first) });
    }
    if (rows.length !== batch.length)
      throw new Error(
        `Build ${buildId} names ${batch.length - rows.length} file(s) the database does not hold.`,
      );
  }
  return { files, fetched: wanted.length };
}

/** The build an instance serves (DIST_DIR/served-build.json); undefined when none was recorded. */
export function readServedBuild(distDir: string): ServedBuild | undefined {
  try {
    const data = JSON.parse(
      readFileSync(path.join(distDir, SERVED_BUILD_FILE), 'utf8'),
    ) as Partial<ServedBuild>;
    if (typeof data.buildId !== 'number') return undefined;
    return { buildId: data.buildId, files: checkedFileList(data.files, SERVED_BUILD_FILE) };
  } catch {
    // None, or one that cannot be trusted: the latest release is fetched whole.
    return undefined;
  }
}

export function writeServedBuild(distDir: string, build: ServedBuild): void {
  const file = path.join(distDir, SERVED_BUILD_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(build));
  renameSync(temp, file);
}

/**
 * Keeps the builds of the latest `keep` releases put live, and any build newer than those (a Publish
 * under way, or one whose release could not be logged); drops older builds and every file only they
 * used. The database holds a few releases' worth, never the files of the release being served.
 */
export async function pruneBuilds(store: Db, keep = 3): Promise<void> {
  const live = await store.db
    .selectFrom('releases')
    .select('build_id')
    .where('state', '=', 'live')
    .where('build_id', 'is not', null)
    .orderBy('id', 'desc')
    .limit(keep)
    .execute();
  const keptIds = live.map((r) => r.build_id).filter((id): id is number => id !== null);
  if (keptIds.length < keep) return;
  const newestKept = Math.max(...keptIds);
  const stale = await store.db
    .selectFrom('release_builds')
    .select('id')
    .where('id', 'not in', keptIds)
    .where('id', '<', newestKept)
    .execute();
  if (!stale.length) return;
  await store.db
    .deleteFrom('release_builds')
    .where(
      'id',
      'in',
      stale.map((b) => b.id),
    )
    .execute();
  const kept = await store.db.selectFrom('release_builds').select('files').execute();
  const used = new Set(kept.flatMap((b) => Object.values(JSON.parse(b.files) as FileList)));
  const all = await store.db.selectFrom('release_blobs').select('hash').execute();
  const unused = all.map((b) => b.hash).filter((h) => !used.has(h));
  for (const batch of batches(unused, HASHES_PER_QUERY))
    await store.db.deleteFrom('release_blobs').where('hash', 'in', batch).execute();
}
