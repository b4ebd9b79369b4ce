/**
 * The build's memory of its own outputs (issue 34): each output (a page's HTML, a sharing card, a
 * picture's variant, a file's compressed copy) is stored under the hash of everything it is made
 * from, so the next build reuses every output whose inputs did not change and makes only the rest.
 * A key that names all the inputs is what makes the reuse safe: the incremental build's files are
 * byte for byte those of a full build (tests/unit/incrementalBuild.test.ts).
 *
 * Entries are plain files under `dir` (default node_modules/.cache/site-build), written whole and
 * renamed into place, so a build killed half-way, or two builds at once, never leave a torn entry.
 * Each build marks what it used; entries no build has used for an hour are removed at its end.
 */
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { ensureFolder } from './ensureFolder.ts';

/** Entries unused for this long are removed (longer than any build, so a build running beside keeps its own). */
const KEEP_UNUSED_MS = 60 * 60 * 1000;

export interface CacheStats {
  reused: number;
  made: number;
}

export class BuildCache {
  private readonly stats = new Map<string, CacheStats>();

  /**
   * @param dir   where entries live
   * @param reuse false for `npm run build -- --full`: nothing is read, everything made is stored
   */
  constructor(
    readonly dir: string,
    private readonly reuse = true,
  ) {}

  /** The key of an output: a hash of every input it is made from, in order. */
  static key(...inputs: (string | Buffer)[]): string {
    const hash = createHash('sha256');
    for (const input of inputs) hash.update(input).update('\0');
    return hash.digest('hex');
  }

  private file(kind: string, key: string): string {
    return path.join(this.dir, kind, key.slice(0, 2), key);
  }

  private count(kind: string, field: keyof CacheStats): void {
    const s = this.stats.get(kind) ?? { reused: 0, made: 0 };
    s[field]++;
    this.stats.set(kind, s);
  }

  /** The stored output, or undefined (none, or a `--full` build). */
  get(kind: string, key: string): Buffer | undefined {
    if (!this.reuse) return undefined;
    const file = this.file(kind, key);
    try {
      const data = readFileSync(file);
      const now = new Date();
      utimesSync(file, now, now);
      this.count(kind, 'reused');
      return data;
    } catch {
      return undefined;
    }
  }

  /**
   * Puts the stored output at `dest` as a hard link to the entry (a copy where the two folders are
   * on different file systems) and answers its size; undefined when there is none. Linking spares
   * writing a site's worth of unchanged files at every Publish: an entry is never changed once
   * written (put renames a new file into place), so the build's file stays what it was.
   */
  linkInto(kind: string, key: string, dest: string): number | undefined {
    if (!this.reuse) return undefined;
    const file = this.file(kind, key);
    let size: number;
    try {
      size = statSync(file).size;
    } catch {
      return undefined;
    }
    ensureFolder(path.dirname(dest));
    rmSync(dest, { force: true });
    try {
      linkSync(file, dest);
    } catch {
      copyFileSync(file, dest);
    }
    const now = new Date();
    utimesSync(file, now, now);
    this.count(kind, 'reused');
    return size;
  }

  put(kind: string, key: string, data: Buffer | string): void {
    const file = this.file(kind, key);
    ensureFolder(path.dirname(file));
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, data);
    renameSync(temp, file);
    this.count(kind, 'made');
  }

  /** The stored output, or `make`'s, stored for next time. */
  async through(kind: string, key: string, make: () => Promise<Buffer | string>): Promise<Buffer> {
    const stored = this.get(kind, key);
    if (stored) return stored;
    const made = await make();
    this.put(kind, key, made);
    return Buffer.isBuffer(made) ? made : Buffer.from(made);
  }

  /**
   * A folder of outputs (the code's bundle) made by `make` into the folder it is given, or the one
   * made before for the same key.
   */
  async folder(kind: string, key: string, make: (into: string) => Promise<void>): Promise<string> {
    const dir = this.file(kind, key);
    if (this.reuse && existsSync(dir)) {
      const now = new Date();
      utimesSync(dir, now, now);
      this.count(kind, 'reused');
      return dir;
    }
    const temp = `${dir}.${process.pid}.tmp`;
    rmSync(temp, { recursive: true, force: true });
    mkdirSync(temp, { recursive: true });
    await make(temp);
    rmSync(dir, { recursive: true, force: true });
    try {
      renameSync(temp, dir);
    } catch (error) {
      // Another build stored the same folder meanwhile: it is the same output.
      if (!existsSync(dir)) throw error;
      rmSync(temp, { recursive: true, force: true });
    }
    this.count(kind, 'made');
    return dir;
  }

  /** How many outputs of each kind were reused and made, e.g. "pages 3 made, 1,028 reused". */
  summary(): string {
    return [...this.stats]
      .map(
        ([kind, s]) => `${kind} ${s.made.toLocaleString('en')} made, ${s.reused.toLocaleString('en')} reused`,
      )
      .join('; ');
  }

  statsOf(kind: string): CacheStats {
    return { ...(this.stats.get(kind) ?? { reused: 0, made: 0 }) };
  }

  /** Removes entries that no build has used for an hour (every entry this build used is newer). */
  prune(now = Date.now()): void {
    if (!existsSync(this.dir)) return;
    for (const kind of readdirSync(this.dir)) {
      for (const shard of readdirSync(path.join(this.dir, kind))) {
        const shardDir = path.join(this.dir, kind, shard);
        for (const entry of readdirSync(shardDir)) {
          const file = path.join(shardDir, entry);
          try {
            if (now - statSync(file).mtimeMs > KEEP_UNUSED_MS) rmSync(file, { recursive: true, force: true });
          } catch {
            // Removed by another build meanwhile.
          }
        }
      }
    }
  }
}
