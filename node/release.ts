/**
 * What a build is: the content commit it was built from and a hash of the code that built it
 * (`release.json` beside the build's client/ folder). The code's version is not the content commit:
 * with the content in the project's own repository, that commit moves with every save. Health
 * reports the release an instance serves (server/health.ts), so a balancer or a person can see
 * which instances have switched after a Publish.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const RELEASE_FILE = 'release.json';

export interface Release {
  /** The content repository's commit (with "+changes" when files were not committed); null without git. */
  content: string | null;
  /** The first 16 hex digits of a SHA-256 over the code the site is built from. */
  code: string;
  /** When the build finished (ISO 8601). */
  builtAt: string;
}

const REPO = path.resolve(import.meta.dirname, '..');

/** What the site's build and pages are made by: a change to any of these is a new code version. */
const CODE_PATHS = ['src', 'scripts', 'node', 'schema', 'index.html', 'vite.config.ts', 'package-lock.json'];

function filesUnder(abs: string): string[] {
  if (!existsSync(abs)) return [];
  if (!statSync(abs).isDirectory()) return [abs];
  return readdirSync(abs)
    .sort()
    .flatMap((name) =>
      name.endsWith('.test.ts') || name.endsWith('.test.tsx') ? [] : filesUnder(path.join(abs, name)),
    );
}

/** The hash of the code in `root` (default: this repository): file names and contents, tests left out. */
export function codeVersion(root: string = REPO): string {
  const hash = createHash('sha256');
  for (const file of CODE_PATHS.flatMap((p) => filesUnder(path.join(root, p)))) {
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** The content folder's commit, "+changes" when its content files differ from it; null without git. */
export function contentCommit(contentDir: string): string | null {
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: contentDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  try {
    const commit = git('rev-parse', 'HEAD');
    const changed = git('status', '--porcelain', '--', 'site.yaml', 'redirects.yaml', 'pages', 'public');
    return changed ? `${commit}+changes` : commit;
  } catch {
    return null;
  }
}

/** Writes a build's release beside its client folder (`outDir`: the folder holding client/). */
export function writeRelease(outDir: string, release: Release): void {
  const file = path.join(outDir, RELEASE_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(release, null, 2)}\n`);
  renameSync(temp, file);
}

/** The release a build wrote (`buildDir`: the folder holding client/); undefined without one. */
export function readRelease(buildDir: string): Release | undefined {
  try {
    const data = JSON.parse(readFileSync(path.join(buildDir, RELEASE_FILE), 'utf8')) as Partial<Release>;
    const { content, code, builtAt } = data;
    if (
      (typeof content === 'string' || content === null) &&
      typeof code === 'string' &&
      typeof builtAt === 'string'
    )
      return { content, code, builtAt };
  } catch {
    // No release file (a build from before releases, or none at all): health says nothing of it.
  }
  return undefined;
}
