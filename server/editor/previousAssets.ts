/**
 * The hashed files (client/assets/) of the builds a publish replaces stay served for an hour after
 * they stopped being current. A visitor who opened a page before a publish, or a colleague with
 * the staff app open, loads a section's code only when it nears the screen or is first used; its
 * file name is the old build's, and without this it would answer 404 ("Failed to fetch dynamically
 * imported module"). Names are content hashes, so an old file never clashes with a new one.
 *
 * A ledger beside client/ (DIST_DIR/previous-assets.json) records when each carried file stopped
 * being current, so it is dropped an hour after that, not an hour after the latest publish.
 */
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const KEEP_PREVIOUS_MS = 60 * 60 * 1000;
export const PREVIOUS_ASSETS_FILE = 'previous-assets.json';

/** File name -> when it stopped being current (ms since the epoch). */
export type AssetLedger = Record<string, number>;

const ASSETS = 'assets';

export function readLedger(file: string): AssetLedger {
  if (!existsSync(file)) return {};
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
    return Object.fromEntries(
      Object.entries(data).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    );
  } catch {
    return {}; // a damaged ledger costs only the carried files' ages: they count from now
  }
}

async function namesIn(dir: string): Promise<string[]> {
  return existsSync(dir) ? readdir(dir) : [];
}

/**
 * Copies into `toClient`/assets every file of `fromClient`/assets that the new build lacks and
 * that stopped being current less than KEEP_PREVIOUS_MS ago; writes the new ledger to `ledgerOut`
 * and answers it. `ledger` is the one written with `fromClient`.
 */
export async function carryPreviousAssets(options: {
  fromClient: string;
  toClient: string;
  ledger: AssetLedger;
  ledgerOut: string;
  now: number;
}): Promise<AssetLedger> {
  const { fromClient, toClient, ledger, ledgerOut, now } = options;
  const fresh = new Set(await namesIn(path.join(toClient, ASSETS)));
  const next: AssetLedger = {};
  for (const name of await namesIn(path.join(fromClient, ASSETS))) {
    if (fresh.has(name)) continue;
    const replacedAt = ledger[name] ?? now;
    if (now - replacedAt >= KEEP_PREVIOUS_MS) continue;
    await copyFile(path.join(fromClient, ASSETS, name), path.join(toClient, ASSETS, name));
    next[name] = replacedAt;
  }
  await writeFile(ledgerOut, `${JSON.stringify(next, null, 2)}\n`);
  return next;
}
