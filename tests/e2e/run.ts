/**
 * `npm run test:e2e`: the browser suite against the production build.
 *  1. Finds Chromium: CHROME_PATH, /usr/bin/chromium, or `chromium` on the PATH. Without one, as
 *     root with apt-get it installs Debian's `chromium`; otherwise it stops, saying how to get one.
 *     (Never a browser downloaded by Playwright.)
 *  2. Builds the site into E2E_BUILD_DIR (default dist/, what `npm start` serves); E2E_SKIP_BUILD=1
 *     reuses a build already there.
 *  3. Runs tests/e2e/**\/*.e2e.ts with vitest (tests/e2e/vitest.config.ts); extra arguments go to
 *     vitest (e.g. `npm run test:e2e -- forms`). Exits with vitest's code.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const started = Date.now();

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command: string): string | undefined {
  const result = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  const found = result.status === 0 ? result.stdout.trim() : '';
  return found && executable(found) ? found : undefined;
}

function findChromium(): string | undefined {
  const fromEnv = process.env.CHROME_PATH?.trim();
  if (fromEnv) {
    if (executable(fromEnv)) return fromEnv;
    console.error(`CHROME_PATH is set to ${fromEnv}, which is not an executable file.`);
    process.exit(1);
  }
  if (executable('/usr/bin/chromium')) return '/usr/bin/chromium';
  return onPath('chromium') ?? onPath('chromium-browser');
}

function installChromium(): boolean {
  const root = process.getuid?.() === 0;
  if (!root || !onPath('apt-get')) return false;
  console.log("== No Chromium found: installing Debian's chromium with apt-get");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
  if (update.status !== 0) return false;
  const install = spawnSync('apt-get', ['install', '-y', 'chromium'], {
    stdio: 'inherit',
    env,
  });
  return install.status === 0;
}

let chrome = findChromium();
if (!chrome && installChromium()) chrome = findChromium();
if (!chrome) {
  console.error(
    [
      'The browser tests need Chromium, and none was found (CHROME_PATH, /usr/bin/chromium, chromium on the PATH).',
      "Install Debian's chromium:   sudo apt-get update && sudo apt-get install -y chromium",
      'or point CHROME_PATH at a Chromium or Chrome executable:   CHROME_PATH=/path/to/chrome npm run test:e2e',
    ].join('\n'),
  );
  process.exit(1);
}
console.log(`== Chromium: ${chrome}`);

const buildDir = path.resolve(ROOT, process.env.E2E_BUILD_DIR || 'dist');
const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
if (process.env.E2E_SKIP_BUILD === '1' && existsSync(path.join(buildDir, 'client', 'index.html'))) {
  console.log(`== Using the existing build in ${buildDir}`);
} else {
  console.log(`== Building the site into ${buildDir}`);
  const build = spawnSync(tsx, [path.join(ROOT, 'scripts', 'build.ts'), '--out', buildDir], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('The build failed: no browser tests were run.');
    process.exit(build.status ?? 1);
  }
}

console.log('== Running the browser tests');
const vitest = spawnSync(
  path.join(ROOT, 'node_modules', '.bin', 'vitest'),
  ['run', '--config', path.join('tests', 'e2e', 'vitest.config.ts'), ...process.argv.slice(2)],
  { cwd: ROOT, stdio: 'inherit', env: { ...process.env, CHROME_PATH: chrome, E2E_BUILD_DIR: buildDir } },
);
const seconds = Math.round((Date.now() - started) / 1000);
console.log(`== Browser tests ${vitest.status === 0 ? 'passed' : 'failed'} in ${seconds} s (build included)`);
process.exit(vitest.status ?? 1);
