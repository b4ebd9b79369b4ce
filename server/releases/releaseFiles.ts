/**
 * A published build's files in the database every instance shares, so that the instances that did
 * not build it can serve it (issue 36). Each file's bytes are stored once, under their SHA-256
 * (table release_blobs): a Publish uploads only what no earlier build had, a page or two for a
 * one-word change. A build is the list of its files (release_builds.files: path → hash).
 * Only the build's own output is shared: client/ and the release and forms' facts beside it. What an
 * instance adds as it switches (the previous build's scripts, kept for an hour) stays its own.
 */
import { createHash } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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
const UPLOAD_BATCH_BYTES = 4 * 1024 * 1024;
const FETCH_BATCH = 40;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The shared files of the build in `outDir` (the folder holding client/). */
export function fileListOf(outDir: string): FileList {
  const files: FileList = {};
  const names = [
    ...listFiles(path.join(outDir, 'client')).map((f) => `client/${f}`),
    ...[RELEASE_FILE, SITE_FACTS_FILE].filter((f) => existsSync(path.join(outDir, f))),
  ];
  for (const name of names.sort()) files[name] = sha256(readFileSync(path.join(outDir, name)));
  return files;
}

/**
 * Stores the build in `outDir` (its files no earlier build had, then its list) and answers its id.
 * Run before the build goes live anywhere: a release is only ever announced with all its files.
 */
export async function storeBuild(
  store: Db,
  outDir: string,
  release: Release,
): Promise<{ buildId: number; files: FileList; uploaded: number }> {
  const files = fileListOf(outDir);
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
    const bytes = readFileSync(path.join(outDir, name));
    pending.push({ hash, bytes });
    pendingBytes += bytes.length;
    if (pendingBytes >= UPLOAD_BATCH_BYTES) await flush();
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
  const files = JSON.parse(row.files) as FileList;
  const local = new Map<string, string>();
  if (served)
    for (const [name, hash] of Object.entries(served.build.files))
      local.set(hash, path.join(served.dir, name));
  const namesOf = new Map<string, string[]>();
  for (const [name, hash] of Object.entries(files)) namesOf.set(hash, [...(namesOf.get(hash) ?? []), name]);
  const folders = new Set<string>();
  const place = (name: string, from: { file: string } | { bytes: Buffer }) => {
    const target = path.join(outDir, name);
    const folder = path.dirname(target);
    if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
    folders.add(folder);
    if ('bytes' in from) {
      const temp = `${target}.${process.pid}.tmp`;
      writeFileSync(temp, from.bytes);
      renameSync(temp, target);
      return;
    }
    try {
      linkSync(from.file, target);
    } catch {
      writeFileSync(target, readFileSync(from.file));
    }
  };
  const wanted: string[] = [];
  for (const [hash, names] of namesOf) {
    const file = local.get(hash);
    if (file && existsSync(file)) for (const name of names) place(name, { file });
    else wanted.push(hash);
  }
  for (const batch of batches(wanted, FETCH_BATCH)) {
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
      place(first, { bytes: buffer });
      for (const name of more) place(name, { file: path.join(outDir, first) });
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
    return typeof data.buildId === 'number' && data.files && typeof data.files === 'object'
      ? { buildId: data.buildId, files: data.files }
      : undefined;
  } catch {
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
 * Keeps the files of the latest `keep` builds and drops older builds and every file only they used:
 * the database holds a few releases' worth, not every Publish ever made.
 */
export async function pruneBuilds(store: Db, keep = 3): Promise<void> {
  const kept = await store.db
    .selectFrom('release_builds')
    .select(['id', 'files'])
    .orderBy('id', 'desc')
    .limit(keep)
    .execute();
  const oldest = kept.at(-1)?.id;
  if (oldest === undefined) return;
  const stale = await store.db.selectFrom('release_builds').select('id').where('id', '<', oldest).execute();
  if (!stale.length) return;
  const used = new Set(kept.flatMap((b) => Object.values(JSON.parse(b.files) as FileList)));
  await store.db.deleteFrom('release_builds').where('id', '<', oldest).execute();
  const all = await store.db.selectFrom('release_blobs').select('hash').execute();
  const unused = all.map((b) => b.hash).filter((h) => !used.has(h));
  for (const batch of batches(unused, HASHES_PER_QUERY))
    await store.db.deleteFrom('release_blobs').where('hash', 'in', batch).execute();
}
