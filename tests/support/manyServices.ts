/**
 * The real site grown to `count` services (copies of pages/services/iot.yaml under new addresses,
 * as a growing company adds them), with the Services menu shortened by a `limit` in site.yaml, and
 * optionally the page its last entry leads to (tests/fixtures/all-services/all.yaml). Held in
 * memory, as the visual editor validates.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { readSchemaFiles } from '../../node/schemaFiles.ts';
import { memorySource } from '../../src/validator/memorySource.ts';
import { type ValidationResult, validateSite } from '../../src/validator/validateSite.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const ALL_SERVICES_PAGE = 'pages/services/all.yaml';
export const ALL_SERVICES_FIXTURE = readFileSync(
  path.join(ROOT, 'tests/fixtures/all-services/all.yaml'),
  'utf8',
);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const abs = path.join(dir, name);
    return statSync(abs).isDirectory() ? filesUnder(abs) : [abs];
  });
}
const rel = (abs: string) => path.relative(ROOT, abs).split(path.sep).join('/');
const images = new Set(
  filesUnder(path.join(ROOT, 'public')).map((abs) => `/${rel(abs).slice('public/'.length)}`),
);
const schemas = readSchemaFiles();

export interface MenuLimit {
  count: number;
  label: string;
  link: string;
}

/** site.yaml with the Services submenu given `limit` (the YAML an editor writes). */
export function siteWithServicesLimit(limit: MenuLimit): string {
  const site = readFileSync(path.join(ROOT, 'site.yaml'), 'utf8');
  const menu = '      collection: services\n';
  if (!site.includes(menu)) throw new Error('site.yaml has no Services collection submenu');
  return site.replace(
    menu,
    `${menu}      limit:\n        count: ${limit.count}\n        label: ${limit.label}\n        link: ${limit.link}\n`,
  );
}

/** The site's files with services 14..count added (orders after the real 13). */
export function filesWithServices(count: number, siteYaml: string): Map<string, string> {
  const files = new Map<string, string>([['site.yaml', siteYaml]]);
  for (const abs of filesUnder(path.join(ROOT, 'pages'))) files.set(rel(abs), readFileSync(abs, 'utf8'));
  const iot = files.get('pages/services/iot.yaml') ?? '';
  const real = [...files.keys()].filter((f) => f.startsWith('pages/services/')).length;
  for (let n = real + 1; n <= count; n++)
    files.set(
      `pages/services/extra-${n}.yaml`,
      iot
        .replace('path: /services/iot', `path: /services/extra-${n}`)
        .replace('title: Telematics (IoT)', `title: Extra Service ${n}`)
        .replace(/\n {2}order: \d+/, `\n  order: ${100 + n}`),
    );
  return files;
}

export function validateFiles(files: ReadonlyMap<string, string>): ValidationResult {
  return validateSite(memorySource({ files, images, schemas }), { today: '2026-01-01' });
}
