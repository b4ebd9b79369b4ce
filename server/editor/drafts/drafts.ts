/**
 * The drafts workflow (issue 35) over the two checkouts of the content repository: the editor saves
 * to the drafts worktree (draftsFolder.ts), and a Publish takes the chosen drafts into the content
 * folder (the live branch) as one commit before its build. A build that fails undoes that commit,
 * so the live branch and the live site stay as they were; one that succeeds is shared (with
 * CONTENT_REMOTE), and the drafts branch records it as taken in.
 *
 * Discard returns a draft's files to their live text, as a commit on the drafts branch (the draft
 * stays in the history, and can be brought back from there).
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ContentHistory, type Person } from '../history.ts';
import { SharedRepository } from '../sharedRepository.ts';
import { type DraftGroup, draftGroups, draftsOf } from './draftChanges.ts';
import { DRAFT_REFS, refreshDraftRefs } from './draftRefs.ts';
import { clearPending, DRAFTS_BRANCH, prepareDraftsFolder, writePending } from './draftsFolder.ts';
import { clashWords, type FieldClash, type KeepDraft, resolveByFields } from './fieldMerge.ts';
import { git } from './gitRun.ts';
import { brokenLinks, newlyBroken, PublishRefused, refusalOf } from './publishGate.ts';

export interface DraftsOptions {
  /** The content folder: on the branch the site is published from. */
  liveDir: string;
  /** The editor's content folder in the drafts worktree. */
  draftsDir: string;
  /** The drafts branch's repository (shared with CONTENT_REMOTE): saves and discards go through it. */
  drafts: SharedRepository;
  /** The live branch's repository: a Publish's commit is pushed through it. */
  live: SharedRepository;
  log?: (line: string) => void;
}

/** A Publish's commit on the live branch, before its build has ended. */
export interface PreparedPublish {
  /** The content files it takes live. */
  files: string[];
  /** Takes the commit back (the build failed). */
  undo(): Promise<void>;
  /** Shares it and records it on the drafts branch (the build succeeded). */
  finish(): Promise<void>;
}

export const draftMessages = {
  nothing: 'Nothing to discard: this page has no unpublished changes.',
  nothingToPublish:
    'Nothing to publish: the pages chosen have no unpublished changes. Reload the list of drafts.',
  notTakenIn: (live: string, draftsDir: string, clashes: readonly FieldClash[] = []) =>
    clashes.length
      ? `Not published: a change to the live site's content (commit ${live.slice(0, 12)}) and the drafts both changed ${clashWords(clashes)}, differently. Publishing now would write the draft's words over it. Discard that draft (its words stay in the history), or ask whoever runs the site to merge the two in the drafts branch (in ${draftsDir}).`
      : `Not published: the live site's content has a change (commit ${live.slice(0, 12)}) that the drafts could not take in, because both changed the same lines. Publishing now would undo it. Whoever runs the site should merge it into the drafts branch (in ${draftsDir}) first.`,
  uncommitted: (liveDir: string, status: string) =>
    `Not published: the content folder (${liveDir}) has changes that are not committed to these files (${status
      .split('\n')
      .map((l) => l.slice(3))
      .join(
        ', ',
      )}), and publishing would write over them. Whoever runs the site should commit or remove them.`,
};

/** Merges the server makes on the drafts branch are recorded under this name, whatever git's settings. */
const AS_SERVER = ['-c', 'user.name=Site editor', '-c', 'user.email=editor@localhost'];

/** What a file is called in a commit subject: a page's title, else its path. */
function nameIn(dir: string, file: string): string {
  if (file === 'site.yaml') return 'site settings';
  try {
    const title = (parse(readFileSync(path.join(dir, file), 'utf8')) as { title?: unknown } | null)?.title;
    return typeof title === 'string' ? title : file;
  } catch {
    return file; // removed by the draft, or not YAML
  }
}

function subjectFor(verb: string, dir: string, files: readonly string[]): string {
  const named = files.filter((f) => f === 'site.yaml' || f.startsWith('pages/')).map((f) => nameIn(dir, f));
  const list = named.length ? named.join(', ') : files.join(', ');
  return `${verb} ${list.length > 120 ? `${list.slice(0, 117)}…` : list}`;
}

export class Drafts {
  private readonly draftsHistory: ContentHistory;
  private readonly liveHistory: ContentHistory;
  private reconcileWarned = false;
  /** The fields a commit on the live branch and the drafts both changed, differently (none: merged). */
  private clashes: FieldClash[] = [];
  /** What was live before the Publish whose build is under way (its commit made, not yet live). */
  private publishing: string | undefined;

  constructor(private readonly options: DraftsOptions) {
    this.draftsHistory = new ContentHistory(options.draftsDir);
    this.liveHistory = new ContentHistory(options.liveDir);
    // A ref per page's draft, made again after every change to the drafts branch (draftRefs.ts).
    options.drafts.keepRefs({
      prefix: DRAFT_REFS,
      refresh: () => this.refreshRefs(),
      refused: (why) =>
        this.options.log?.(
          `The shared repository refused the refs of the drafts (${DRAFT_REFS}…); the saves are shared all the same: ${why}`,
        ),
    });
  }

  /**
   * Makes the refs of the drafts match the drafts branch. A failure is logged, never thrown: the
   * refs are a developer's view of the drafts, and a save must not be lost for them.
   */
  private async refreshRefs(): Promise<void> {
    try {
      // While a Publish builds, its commit is on the live branch here but not live: the refs stay
      // on what is live until it is (a failed build takes the commit back).
      await refreshDraftRefs(this.options.draftsDir, this.publishing ?? (await this.live()));
    } catch (error) {
      this.options.log?.(
        `The refs of the drafts (${DRAFT_REFS}…) could not be made again: ${error instanceof Error ? error.message : error}`,
      );
    }
  }

  get folder(): string {
    return this.options.draftsDir;
  }

  /** The drafts branch's repository: every save goes through it, one at a time. */
  get repository(): SharedRepository {
    return this.options.drafts;
  }

  /**
   * The live branch's commit, brought up to the shared repository first (another instance may
   * have published): drafts are always told against what is live now.
   */
  async live(): Promise<string> {
    await this.options.live.catchUp().catch(() => undefined);
    return git(this.options.liveDir, 'rev-parse', 'HEAD');
  }

  /** Every draft of the site, newest first. */
  async groups(): Promise<DraftGroup[]> {
    await this.reconcile();
    return draftGroups(this.options.draftsDir, await this.live());
  }

  /**
   * The fields a commit on the live branch and the drafts both changed, differently, waiting for a
   * person to choose (after groups(), which tries to take the live branch in).
   */
  get clashesWaiting(): readonly FieldClash[] {
    return this.clashes;
  }

  /**
   * Takes the live branch in with a person's choices: for each clash, the draft's words where
   * `keepDraft` names its key, else the live words. Answers the clashes still left (none: done).
   */
  async takeInLive(keepDraft: KeepDraft): Promise<readonly FieldClash[]> {
    const chosen: KeepDraft = {};
    const keyed = this.clashes.filter((c) => c.key);
    for (const c of keyed)
      if (keepDraft[c.file]?.includes(c.key)) chosen[c.file] = [...(chosen[c.file] ?? []), c.key];
    // The live words for the rest: the draft's field is set to them, then the merge is clean.
    await this.reconcile(
      chosen,
      keyed.filter((c) => !chosen[c.file]?.includes(c.key)),
    );
    return this.clashes;
  }

  /**
   * Takes into the drafts branch what reached the live branch some other way (a developer's commit
   * on main), so it is not mistaken for a draft undoing it. Our own Publishes are recorded as taken
   * in when they are made (finish), so this merges only others' commits.
   */
  private async reconcile(keepDraft?: KeepDraft, keepLive: readonly FieldClash[] = []): Promise<void> {
    const live = await this.live();
    const { draftsDir } = this.options;
    if (await isAncestor(draftsDir, live, 'HEAD')) return;
    await this.options.drafts.write(async () => {
      if (await isAncestor(draftsDir, live, 'HEAD')) return;
      try {
        await git(
          draftsDir,
          ...AS_SERVER,
          'merge',
          '--quiet',
          '--no-edit',
          '-m',
          'Take in what was published',
          live,
        );
      } catch (error) {
        // Lines both changed: merged field by field, as two saves of one page are (fieldMerge.ts).
        // A field both changed stays a clash unless a person chose the draft's words (keepDraft)
        // or the live ones (keepLive).
        const clashes = await resolveByFields(draftsDir, keepDraft, keepLive).catch((): FieldClash[] => [
          { file: '?', field: 'the whole file', key: '', live: '', draft: '' },
        ]);
        if (!clashes.length) {
          await git(draftsDir, ...AS_SERVER, 'commit', '--quiet', '--no-edit');
          this.clashes = [];
          return;
        }
        await git(draftsDir, 'merge', '--abort').catch(() => undefined);
        this.clashes = clashes;
        if (!this.reconcileWarned)
          this.options.log?.(
            `The drafts branch could not take in the live branch's commit ${live.slice(0, 12)} (both changed ${clashWords(clashes)}): ${error instanceof Error ? error.message.split('\n')[0] : error}. Discard those drafts, or merge it by hand in ${draftsDir}.`,
          );
        this.reconcileWarned = true;
      }
    });
  }

  /**
   * Returns the drafts holding `files` to what is live, as one commit on the drafts branch; answers
   * the files it changed (none when there was no draft).
   */
  async discard(files: readonly string[], by: Person): Promise<{ files: string[]; commit: string | null }> {
    const { draftsDir } = this.options;
    return this.options.drafts.write(async () => {
      const chosen = draftsOf(await draftGroups(draftsDir, await this.live()), files).flatMap((g) =>
        g.files.map((f) => f.file),
      );
      if (!chosen.length) return { files: [], commit: null };
      const live = await this.live();
      const subject = subjectFor('Discard the draft of', draftsDir, chosen);
      await copyFiles(draftsDir, live, chosen);
      const commit = await this.draftsHistory.commit(chosen, by, subject);
      return { files: chosen, commit };
    });
  }

  /**
   * Takes the drafts holding `files` (every draft when undefined) into the content folder as one
   * commit by `by`. Runs under the publish lock, after the content folder is brought up to the
   * shared live branch.
   */
  async prepare(files: readonly string[] | undefined, by: Person): Promise<PreparedPublish> {
    const { liveDir, draftsDir } = this.options;
    await this.options.drafts.catchUp().catch(() => undefined);
    await this.reconcile();
    const before = await this.live();
    const draft = await git(draftsDir, 'rev-parse', 'HEAD');
    // What is live must be in the drafts first, or publishing would write older texts over it.
    if (!(await isAncestor(draftsDir, before, draft)))
      throw new PublishRefused(draftMessages.notTakenIn(before, draftsDir, this.clashes));
    const chosen = draftsOf(await draftGroups(draftsDir, before), files).flatMap((g) =>
      g.files.map((f) => f.file),
    );
    const nothing: PreparedPublish = { files: [], undo: async () => {}, finish: async () => {} };
    if (!chosen.length) {
      // Pages named but without a draft are refused; none named ([]) builds what is live.
      if (files?.length) throw new PublishRefused(draftMessages.nothingToPublish);
      return nothing;
    }
    // Changes made by hand in the content folder and not committed are never written over.
    const uncommitted = await git(liveDir, 'status', '--porcelain', '--', ...chosen);
    if (uncommitted) throw new PublishRefused(draftMessages.uncommitted(liveDir, uncommitted));
    let commit: string | null;
    const brokenBefore = brokenLinks(liveDir);
    writePending(liveDir, { before, files: chosen });
    try {
      await copyFiles(liveDir, draft, chosen);
      // The gate: nothing goes live that would leave a link on the live site leading nowhere.
      const broken = newlyBroken(brokenBefore, brokenLinks(liveDir));
      if (broken.length) throw new PublishRefused(refusalOf(broken, liveDir, draftsDir));
      commit = await this.liveHistory.commit(chosen, by, subjectFor('Publish', draftsDir, chosen));
    } catch (error) {
      await copyFiles(liveDir, before, chosen).catch(() => undefined);
      await git(liveDir, 'reset', '--quiet', '--', ...chosen).catch(() => undefined);
      clearPending(liveDir);
      throw error;
    }
    if (!commit) {
      clearPending(liveDir);
      return { ...nothing, files: chosen };
    }
    const published = commit;
    // Until the build has ended, a restart takes this commit back (draftsFolder.ts).
    writePending(liveDir, { before, files: chosen, commit });
    this.publishing = before;
    return {
      files: chosen,
      undo: async () => {
        await git(liveDir, 'reset', '--quiet', '--keep', before);
        clearPending(liveDir);
        this.publishing = undefined;
        // Saves made during the build made their refs on `before`, as they still are: made again
        // all the same, in case one was made before this Publish was noted. Never a reason for
        // taking the Publish back to fail (the shared repository may be out of reach).
        await this.options.drafts
          .refreshRefs()
          .catch((error: unknown) =>
            this.options.log?.(
              `The refs of the drafts were not made again: ${error instanceof Error ? error.message : error}`,
            ),
          );
      },
      finish: async () => {
        await this.options.live.push();
        clearPending(liveDir);
        this.publishing = undefined;
        // The drafts branch records the Publish as taken in: its texts came from there.
        await this.options.drafts
          .write(() =>
            git(
              draftsDir,
              ...AS_SERVER,
              'merge',
              '--quiet',
              '-s',
              'ours',
              '--no-edit',
              '-m',
              'Published',
              published,
            ),
          )
          .catch((error: unknown) =>
            this.options.log?.(
              `The drafts branch could not record the Publish ${published.slice(0, 12)}: ${error instanceof Error ? error.message : error}`,
            ),
          );
      },
    };
  }
}

async function isAncestor(cwd: string, ancestor: string, of: string): Promise<boolean> {
  try {
    await git(cwd, 'merge-base', '--is-ancestor', ancestor, of);
    return true;
  } catch {
    return false;
  }
}

/** Makes `files` in `dir` as they are at commit `at` (removing those it does not have). */
async function copyFiles(dir: string, at: string, files: readonly string[]): Promise<void> {
  const present = new Set(
    (await git(dir, 'ls-tree', '-r', '-z', '--name-only', at, '--', ...files)).split('\0').filter(Boolean),
  );
  const kept = files.filter((f) => present.has(f));
  if (kept.length) await git(dir, 'checkout', at, '--', ...kept);
  for (const f of files) if (!present.has(f)) rmSync(path.join(dir, f), { force: true });
}

/**
 * The drafts of a content folder on its own, without a shared repository (one instance without
 * CONTENT_REMOTE; tests and benchmarks): its drafts worktree made if need be.
 */
export function localDrafts(liveDir: string): Drafts {
  const draftsDir = prepareDraftsFolder(liveDir);
  return new Drafts({
    liveDir,
    draftsDir,
    drafts: new SharedRepository({ root: draftsDir, branch: DRAFTS_BRANCH }),
    live: new SharedRepository({ root: liveDir }),
  });
}
