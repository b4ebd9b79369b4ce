// @vitest-environment node
/**
 * Two instances of the site, each with its own clone of one shared repository (real git, a bare
 * repository as the shared one): saves through both at the same moment all reach the repository,
 * each on top of the other, and none is lost; two saves of the same text from the same opened
 * version give one save and one conflict; an unreachable repository says so and saves nothing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { versionOf } from './contentStore.ts';
import { ContentHistory } from './history.ts';
import { SharedRepository, SharedRepositoryError } from './sharedRepository.ts';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** A shared repository holding two pages, and a clone of it per instance. */
function sharedSite(instances: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'shared-repo-'));
  folders.push(dir);
  const seed = path.join(dir, 'seed');
  const remote = path.join(dir, 'shared.git');
  execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', remote]);
  execFileSync('git', ['init', '--quiet', '--initial-branch=main', seed]);
  for (const page of ['a', 'b']) writeFileSync(path.join(seed, `${page}.yaml`), `title: ${page}\n`);
  git(seed, 'add', '.');
  git(seed, '-c', 'user.name=Seed', '-c', 'user.email=seed@localhost', 'commit', '--quiet', '-m', 'Seed');
  git(seed, 'push', '--quiet', remote, 'main');
  const clones = Array.from({ length: instances }, (_, i) => {
    const root = path.join(dir, `instance-${i}`);
    execFileSync('git', ['clone', '--quiet', remote, root]);
    return { root, repo: new SharedRepository({ root, remote }), history: new ContentHistory(root) };
  });
  return { remote, clones };
}

type Instance = ReturnType<typeof sharedSite>['clones'][number];

/** A save as the editor's API makes one: the version the user opened must still be the file's. */
function save(instance: Instance, file: string, opened: string, text: string, who: string) {
  return instance.repo.write(async () => {
    const abs = path.join(instance.root, file);
    const current = existsSync(abs) ? readFileSync(abs, 'utf8') : '';
    if (versionOf(current) !== opened) return { status: 409 as const };
    writeFileSync(abs, text);
    const commit = await instance.history.commit(
      file,
      { name: who, email: `${who}@localhost` },
      `Edit ${file}`,
    );
    return { status: 200 as const, commit };
  });
}

/** A change that adds a line to a file as it is now (another field: it merges with any other). */
function addLine(instance: Instance, file: string, line: string) {
  return instance.repo.write(async () => {
    const abs = path.join(instance.root, file);
    writeFileSync(abs, `${readFileSync(abs, 'utf8')}${line}\n`);
    return instance.history.commit(file, { name: line, email: 'x@localhost' }, line);
  });
}

const sharedText = (remote: string, file: string) => git(remote, 'show', `main:${file}`);

describe('a content folder cloned from a shared repository', () => {
  it('puts a save through one instance in the repository, where the other finds it', async () => {
    const { remote, clones } = sharedSite(2);
    const [a, b] = clones as [Instance, Instance];
    const result = await save(a, 'a.yaml', versionOf('title: a\n'), 'title: A\n', 'priya');
    expect(result.status).toBe(200);
    expect(sharedText(remote, 'a.yaml')).toBe('title: A');
    await b.repo.sync();
    expect(readFileSync(path.join(b.root, 'a.yaml'), 'utf8')).toBe('title: A\n');
    expect(git(b.root, 'log', '-1', '--format=%an')).toBe('priya');
  });

  it('keeps every one of many changes made through two instances at the same moment', async () => {
    const { remote, clones } = sharedSite(2);
    const [a, b] = clones as [Instance, Instance];
    for (let round = 0; round < 10; round++)
      await Promise.all([
        addLine(a, 'a.yaml', `# a${round}`),
        addLine(b, 'b.yaml', `# b${round}`),
        addLine(b, 'a.yaml', `# b-in-a${round}`),
      ]);
    const a1 = sharedText(remote, 'a.yaml').split('\n');
    const b1 = sharedText(remote, 'b.yaml').split('\n');
    for (let round = 0; round < 10; round++) {
      expect(a1).toContain(`# a${round}`);
      expect(a1).toContain(`# b-in-a${round}`);
      expect(b1).toContain(`# b${round}`);
    }
    // One commit per change, one after the other: nothing was merged away or pushed over.
    expect(Number(git(remote, 'rev-list', '--count', 'main'))).toBe(1 + 30);
    expect(git(a.root, 'status', '--porcelain')).toBe('');
  });

  it('answers one save and one conflict to two saves from the same opened version', async () => {
    const { remote, clones } = sharedSite(2);
    const [a, b] = clones as [Instance, Instance];
    let opened = versionOf('title: a\n');
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all([
        save(a, 'a.yaml', opened, `title: A${round}\n`, 'priya'),
        save(b, 'a.yaml', opened, `title: B${round}\n`, 'ravi'),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const text = `${sharedText(remote, 'a.yaml')}\n`;
      const winner = answers.findIndex((r) => r.status === 200);
      expect(text).toBe(winner === 0 ? `title: A${round}\n` : `title: B${round}\n`);
      opened = versionOf(text);
    }
    expect(Number(git(remote, 'rev-list', '--count', 'main'))).toBe(1 + 10);
  });

  it('says the shared repository cannot be reached, and commits nothing', async () => {
    const { clones } = sharedSite(1);
    const [a] = clones as [Instance];
    const head = git(a.root, 'rev-parse', 'HEAD');
    const gone = new SharedRepository({ root: a.root, remote: path.join(a.root, '..', 'nowhere.git') });
    const attempt = gone.write(() => Promise.resolve('never'));
    await expect(attempt).rejects.toBeInstanceOf(SharedRepositoryError);
    await expect(attempt).rejects.toThrow(
      /shared content repository .*nowhere\.git\) cannot be reached, so nothing was saved/,
    );
    expect(git(a.root, 'rev-parse', 'HEAD')).toBe(head);
  });

  it('says so when the clone holds a commit the shared repository does not, and saves nothing', async () => {
    const { remote, clones } = sharedSite(2);
    const [a, b] = clones as [Instance, Instance];
    // Someone committed in A's folder by hand, and B saved meanwhile: A cannot simply catch up.
    writeFileSync(path.join(a.root, 'b.yaml'), 'title: by hand\n');
    git(a.root, '-c', 'user.name=Ops', '-c', 'user.email=ops@localhost', 'commit', '-qam', 'By hand');
    await addLine(b, 'a.yaml', '# from b');
    const sharedHead = git(remote, 'rev-parse', 'main');
    const attempt = addLine(a, 'a.yaml', '# from a');
    await expect(attempt).rejects.toThrow(
      /holds changes the shared repository does not have, so .* nothing was saved/,
    );
    expect(git(remote, 'rev-parse', 'main')).toBe(sharedHead);
  });

  it('without a remote, makes the change in the folder alone', async () => {
    const { clones } = sharedSite(1);
    const [a] = clones as [Instance];
    const local = new SharedRepository({ root: a.root });
    expect(local.shared).toBe(false);
    expect(await local.write(() => Promise.resolve('made'))).toBe('made');
  });

  it('keeps refs made from the branch beside it: pushed with each change, pruned when gone, fetched by the others', async () => {
    const { remote, clones } = sharedSite(2);
    const [a, b] = clones as [Instance, Instance];
    // A stand-in for the drafts' refs: one ref per line of a.yaml's "# " lines.
    const keep = (instance: Instance) =>
      instance.repo.keepRefs({
        prefix: 'refs/kept/',
        refresh: async () => {
          const lines = readFileSync(path.join(instance.root, 'a.yaml'), 'utf8').match(/^# \w+$/gm) ?? [];
          for (const ref of git(instance.root, 'for-each-ref', '--format=%(refname)', 'refs/kept/').split(
            '\n',
          ))
            if (ref) git(instance.root, 'update-ref', '-d', ref);
          for (const line of lines) git(instance.root, 'update-ref', `refs/kept/${line.slice(2)}`, 'HEAD');
        },
      });
    keep(a);
    keep(b);
    const kept = (cwd: string) =>
      git(cwd, 'for-each-ref', '--format=%(refname)', 'refs/kept/').split('\n').filter(Boolean);
    await addLine(a, 'a.yaml', '# one');
    expect(kept(remote)).toEqual(['refs/kept/one']);
    expect(git(remote, 'rev-parse', 'refs/kept/one')).toBe(git(remote, 'rev-parse', 'main'));
    await addLine(b, 'a.yaml', '# two');
    expect(kept(remote)).toEqual(['refs/kept/one', 'refs/kept/two']);
    // B took A's change in first, so its refs were made from the branch with both.
    expect(git(remote, 'rev-parse', 'refs/kept/one')).toBe(git(remote, 'rev-parse', 'main'));
    // A line removed: its ref leaves the shared repository too; A's next catch-up fetches B's refs.
    await b.repo.write(async () => {
      const file = path.join(b.root, 'a.yaml');
      writeFileSync(file, readFileSync(file, 'utf8').replace('# one\n', ''));
      return b.history.commit('a.yaml', { name: 'b', email: 'b@localhost' }, 'Remove one');
    });
    expect(kept(remote)).toEqual(['refs/kept/two']);
    await a.repo.catchUp();
    expect(kept(a.root)).toEqual(['refs/kept/two']);
    expect(git(a.root, 'rev-parse', 'refs/kept/two')).toBe(git(remote, 'rev-parse', 'main'));
  });

  it('shares a save when the shared repository refuses the kept refs, and tells why', async () => {
    const { remote, clones } = sharedSite(1);
    const [a] = clones as [Instance];
    // A hook on the shared repository that takes branches only.
    writeFileSync(
      path.join(remote, 'hooks', 'update'),
      '#!/bin/sh\ncase "$1" in refs/kept/*) echo "only branches here" >&2; exit 1;; esac\n',
      { mode: 0o755 },
    );
    const refused: string[] = [];
    a.repo.keepRefs({
      prefix: 'refs/kept/',
      refresh: async () => git(a.root, 'update-ref', 'refs/kept/one', 'HEAD'),
      refused: (why) => refused.push(why),
    });
    const commit = await addLine(a, 'a.yaml', '# kept');
    expect(git(remote, 'rev-parse', 'main')).toBe(commit);
    expect(git(remote, 'show', 'main:a.yaml')).toContain('# kept');
    expect(git(remote, 'for-each-ref', 'refs/kept/')).toBe('');
    expect(refused.join('\n')).toMatch(/refs\/kept\/one/);
  });
});
