/**
 * This repository's content as the validator's in-memory source takes it: site.yaml, redirects.yaml
 * and every page file by their paths ("pages/services/iot.yaml"), and the picture addresses public/ holds.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const abs = path.join(dir, name);
    return statSync(abs).isDirectory() ? filesUnder(abs) : [abs];
  });
}

const rel = (abs: string) => path.relative(ROOT, abs).split(path.sep).join('/');

export function repositoryContent(): { files: Map<string, string>; images: Set<string> } {
  const files = new Map<string, string>([['site.yaml', readFileSync(path.join(ROOT, 'site.yaml'), 'utf8')]]);
  for (const abs of filesUnder(path.join(ROOT, 'pages'))) files.set(rel(abs), readFileSync(abs, 'utf8'));
  const redirects = path.join(ROOT, 'redirects.yaml');
  if (existsSync(redirects)) files.set('redirects.yaml', readFileSync(redirects, 'utf8'));
  const images = new Set(
    filesUnder(path.join(ROOT, 'public')).map((abs) => `/${rel(abs).slice('public/'.length)}`),
  );
  return { files, images };
}
