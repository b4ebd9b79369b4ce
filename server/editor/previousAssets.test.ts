// @vitest-environment node
/**
 * After a publish, the replaced build's hashed files are still served for an hour (a page opened
 * before the publish loads its sections' code later), and then they go.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type AssetLedger, carryPreviousAssets, KEEP_PREVIOUS_MS, readLedger } from './previousAssets.ts';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A build's client folder holding these assets. */
function build(...assets: string[]): string {
  const client = path.join(mkdtempSync(path.join(tmpdir(), 'previous-assets-')), 'client');
  folders.push(path.dirname(client));
  mkdirSync(path.join(client, 'assets'), { recursive: true });
  for (const name of assets) writeFileSync(path.join(client, 'assets', name), `/* ${name} */`);
  return client;
}

const assetsOf = (client: string) => readdirSync(path.join(client, 'assets')).sort();

async function publish(from: string, to: string, ledger: AssetLedger, now: number) {
  const ledgerOut = path.join(path.dirname(to), 'previous-assets.json');
  const next = await carryPreviousAssets({ fromClient: from, toClient: to, ledger, ledgerOut, now });
  expect(readLedger(ledgerOut)).toEqual(next);
  return next;
}

describe('the previous builds’ hashed files', () => {
  it('stay served for an hour after a publish replaced them, then go', async () => {
    const t0 = Date.UTC(2026, 10, 27, 10, 0);
    const first = build('ActionButton-old.js', 'ActionButton-old.js.br', 'shared-same.js');
    const second = build('ActionButton-new.js', 'shared-same.js');
    const ledger1 = await publish(first, second, {}, t0);
    expect(assetsOf(second)).toEqual([
      'ActionButton-new.js',
      'ActionButton-old.js',
      'ActionButton-old.js.br',
      'shared-same.js',
    ]);
    expect(ledger1).toEqual({ 'ActionButton-old.js': t0, 'ActionButton-old.js.br': t0 });

    // 40 minutes later another publish: the first build's file is still within its hour.
    const third = build('ActionButton-newest.js', 'shared-same.js');
    const ledger2 = await publish(second, third, ledger1, t0 + 40 * 60_000);
    expect(assetsOf(third)).toEqual([
      'ActionButton-new.js',
      'ActionButton-newest.js',
      'ActionButton-old.js',
      'ActionButton-old.js.br',
      'shared-same.js',
    ]);
    expect(ledger2['ActionButton-new.js']).toBe(t0 + 40 * 60_000);
    expect(ledger2['ActionButton-old.js']).toBe(t0);

    // An hour after the first publish: its files go; the second build's stay their own hour.
    const fourth = build('ActionButton-last.js', 'shared-same.js');
    await publish(third, fourth, ledger2, t0 + KEEP_PREVIOUS_MS);
    expect(assetsOf(fourth)).toEqual([
      'ActionButton-last.js',
      'ActionButton-new.js',
      'ActionButton-newest.js',
      'shared-same.js',
    ]);
  });

  it('reads a damaged or missing ledger as empty', () => {
    const dir = path.dirname(build());
    const file = path.join(dir, 'previous-assets.json');
    expect(readLedger(file)).toEqual({});
    writeFileSync(file, '{not json');
    expect(readLedger(file)).toEqual({});
    writeFileSync(file, '{"a.js": "yesterday", "b.js": 5}');
    expect(readLedger(file)).toEqual({ 'b.js': 5 });
  });
});
