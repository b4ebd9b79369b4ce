// @vitest-environment node
/** The names of the drafts' refs: valid for git, and one to one with the files they are named after. */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { refPathOf } from './draftRefs.ts';

const FILES = [
  'pages/careers/qa-engineer.yaml',
  'pages/a b.yaml',
  'pages/a-b.yaml',
  'pages/a%20b.yaml',
  'pages/....yaml',
  'pages/...yaml',
  'pages/a..b.yaml',
  'pages/x.lock',
  'pages/.hidden.yaml',
  'pages/@{u}.yaml',
  'pages/ünï.yaml',
  'public/images/x~y^z:?*[\\.svg',
];

const validRef = (ref: string) => {
  try {
    execFileSync('git', ['check-ref-format', ref]);
    return true;
  } catch {
    return false;
  }
};

describe('the ref of a page’s draft', () => {
  it('keeps a plain page path as it is', () => {
    expect(refPathOf('pages/careers/qa-engineer.yaml')).toBe('pages/careers/qa-engineer.yaml');
  });

  it('is a name git takes, for any file name', () => {
    for (const file of FILES) expect(validRef(`refs/drafts/${refPathOf(file)}`), file).toBe(true);
  });

  it('is one to one: two files never share a name, and the name reads back to its file', () => {
    const names = FILES.map(refPathOf);
    expect(new Set(names).size).toBe(FILES.length);
    for (const [i, name] of names.entries()) expect(decodeURIComponent(name)).toBe(FILES[i]);
  });
});
