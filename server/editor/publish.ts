/**
 * Publish (`npm start` only): rebuilds the site in a background child process into a new folder
 * (scripts/build.ts, the build of `npm run build`: validate, build, pre-render, sharing cards;
 * without the compressed copies, which the server makes on first request), then switches the
 * served build in
 * one step (static.ts's servedSite.swap). The old build serves until the new one is complete; a
 * failed build changes nothing and says why. Afterwards DIST_DIR/client is the new build too, so
 * a restart serves what was published.
 * The replaced build's hashed files (assets/) are copied into the new one and served for an hour
 * more (previousAssets.ts), so a page opened before the switch can still load its sections' code.
 * The forms follow the switch: the new build's facts (its service types and open positions,
 * node/siteFacts.ts) are handed to `follow` in the same step, and kept as DIST_DIR/site-facts.json
 * for the next start.
 * Under `npm run dev` there is nothing to publish: the dev server shows every save at once.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EXIT_WITH_PARENT_FLAG } from '../../node/exitWithParent.ts';
import { linkTree } from '../../node/linkTree.ts';
import { RELEASE_FILE, type Release, readRelease } from '../../node/release.ts';
import { loadBuildFacts, SITE_FACTS_FILE, type SiteFacts } from '../../node/siteFacts.ts';
import { SERVED_BUILD_FILE, type ServedBuild, writeServedBuild } from '../releases/releaseFiles.ts';
import type { ServedSite } from '../static.ts';
import { draftRouteMessages, filesOf } from './drafts/draftRoutes.ts';
import type { PreparedPublish } from './drafts/drafts.ts';
import { PublishRefused } from './drafts/publishGate.ts';
import { type Person, UNNAMED_STAFF } from './history.ts';
import { carryPreviousAssets, PREVIOUS_ASSETS_FILE, readLedger } from './previousAssets.ts';
import { removePublishLeftovers } from './publishLeftovers.ts';
import type { PublishRecord, ReleaseLog } from './releaseLog.ts';

export interface PublishState {
  state: 'idle' | 'running' | 'done' | 'failed';
  step?: string;
  message?: string;
  startedAt?: string;
  finishedAt?: string;
  durationMs?: number;
}

/** What a Publish has done that its ending must know: whether its release is logged already. */
interface Outcome {
  logged: boolean;
  /** Whether the drafts it took in are shared as the live branch (from then on, never undone). */
  shared?: boolean;
}

export interface Publisher {
  state(): PublishState;
  /**
   * Starts a build unless one is running (`by`: who pressed Publish; `files`: publish only the
   * drafts holding these files, else every draft); returns the state right after.
   */
  start(by?: Person, files?: readonly string[]): PublishState;
  /** Whether a Publish is under way here (until it is logged too); a new one would not start. */
  busy?(): boolean;
}

export const DEV_PUBLISH: PublishState = {
  state: 'done',
  message: 'In development the site reloads by itself.',
};

export const publishMessages = {
  done: (pages: number, seconds: string) => `Published: ${pages} pages are live (built in ${seconds} s).`,
  failed: 'Not published: the build stopped. The site still shows the previous version.',
  noServer: 'Not published: this server does not serve the site itself, so there is nothing to switch.',
  noFacts: 'The build wrote no list of service types and open positions for the forms.',
  noRelease:
    'The build wrote no release.json, so the other servers of this site could not be told which build to serve.',
  runningHere:
    'Not published yet: another Publish is under way. Press Publish again once it has finished; your drafts stay drafts meanwhile.',
  busy: 'Not published: another Publish is under way on another server of this site. It puts every saved change live; press Publish again once it has finished.',
};

const REPO = path.resolve(import.meta.dirname, '../..');
const BUILD_SCRIPT = path.join(REPO, 'scripts', 'build.ts');
const STEP_NAMES: Record<string, string> = {
  validate: 'Checking the content',
  build: 'Building the site',
  prerender: 'Writing the pages',
  cards: 'Drawing the sharing cards',
  compress: 'Compressing the files',
  live: 'Switching to the new version',
};

export interface SitePublisherOptions {
  contentDir: string;
  /** DIST_DIR: DIST_DIR/client is the build served at start. */
  distDir: string;
  /** The running static server's hook (absent when the server does not serve the site). */
  served: () => ServedSite | undefined;
  /** Called with the new build's facts as it goes live (the forms accept what it offers). */
  follow?: (facts: SiteFacts) => void;
  /** Called as each Publish ends, live or failed (server/editor/releaseLog.ts keeps it). */
  record?: (entry: PublishRecord) => Promise<void>;
  /**
   * Runs a build unless another instance of the site is building (server/editor/publishLock.ts);
   * false when it is. Without it, only this process's own builds are kept apart.
   */
  exclusive?: (build: () => Promise<void>) => Promise<boolean>;
  /**
   * Runs before each build: with a shared repository (CONTENT_REMOTE), brings the content folder up
   * to it, so Publish puts live what every instance saved.
   */
  beforeBuild?: () => Promise<void>;
  /**
   * Takes the chosen drafts into the content folder before the build (server/editor/drafts/): the
   * build then builds them, a failed build undoes it, a successful one shares it before anything
   * switches. Absent: the content folder is built as it is.
   */
  prepare?: (files: readonly string[] | undefined, by: Person) => Promise<PreparedPublish>;
  /**
   * Stores a successful build where every instance can fetch it (server/releases/releaseFiles.ts),
   * before it goes live anywhere; answers its id and file list. Absent on one instance (SQLite).
   */
  share?: (outDir: string, release: Release) => Promise<ServedBuild>;
  /** The build script (default scripts/build.ts); tests name a stand-in. */
  buildScript?: string;
  /**
   * The build cache (default the build's own, node_modules/.cache/site-build, which `npm run build`
   * fills too): a Publish makes only what the saved changes reach (scripts/build/buildCache.ts).
   */
  buildCache?: string;
  now?: () => number;
}

export class SitePublisher implements Publisher {
  private current: PublishState = { state: 'idle' };
  private running: Promise<void> | undefined;
  /** The pages the last successful build wrote. */
  private pages = 0;
  /** True from Publish pressed until it is logged: a release being made is not taken for old. */
  private publishing = false;
  /** True while a build another instance published is being put live here (adopt). */
  private adopting = false;
  /** Switches run one after the other, a Publish's own or another instance's (goLive). */
  private switches: Promise<unknown> = Promise.resolve();
  private readonly now: () => number;

  constructor(private readonly options: SitePublisherOptions) {
    this.now = options.now ?? Date.now;
    // A Publish whose server died mid-way left its work behind; the site it served is unchanged.
    const removed = removePublishLeftovers(options.distDir);
    if (removed.length)
      console.warn(`Removed what ${removed.length} interrupted Publish(es) left in ${options.distDir}.`);
  }

  state(): PublishState {
    return { ...this.current };
  }

  start(by: Person = UNNAMED_STAFF, files?: readonly string[]): PublishState {
    // One Publish at a time, until it is logged too.
    if (this.current.state === 'running' || this.publishing) return this.state();
    const started = this.now();
    this.publishing = true;
    const outcome: Outcome = { logged: false };
    this.current = {
      state: 'running',
      step: STEP_NAMES.validate,
      startedAt: new Date(started).toISOString(),
    };
    const { exclusive } = this.options;
    const build = () => this.run(started, by, outcome, files);
    this.running = (exclusive ? exclusive(build) : build().then(() => true))
      .then((ran) => {
        if (!ran) this.finish(started, 'failed', publishMessages.busy);
      })
      .catch((error: unknown) => {
        // A refusal (the publish gate) is said as it is: no build ran.
        if (error instanceof PublishRefused) return this.finish(started, 'failed', error.message);
        this.finish(
          started,
          'failed',
          `${publishMessages.failed} ${error instanceof Error ? error.message : ''}`.trim(),
        );
      })
      .then(() => (outcome.logged ? undefined : this.recordOutcome(started, by)))
      .finally(() => {
        this.publishing = false;
      });
    return this.state();
  }

  /** Whether a Publish, or a switch to another instance's build, is under way here. */
  busy(): boolean {
    return this.publishing || this.adopting;
  }

  /** Runs `change` once the switches before it have ended. */
  private oneSwitchAtATime<T>(change: () => Promise<T>): Promise<T> {
    const next = this.switches.then(change, change);
    this.switches = next.catch(() => undefined);
    return next;
  }

  /**
   * Puts live here a build another instance published, fetched into `work` (a folder in DIST_DIR
   * holding client/, as a build writes it): the same switch as a Publish's own. False, with `work`
   * removed, when a Publish is under way here: the follower tries again later.
   */
  async adopt(work: string, build: ServedBuild): Promise<boolean> {
    const served = this.options.served();
    if (this.busy() || !served) {
      await rm(work, { recursive: true, force: true });
      return false;
    }
    this.adopting = true;
    try {
      return await this.oneSwitchAtATime(async () => {
        // A Publish pressed meanwhile makes a newer release: this one is not put live.
        if (this.publishing) return false;
        const facts = loadBuildFacts(work);
        if (!facts) throw new Error(publishMessages.noFacts);
        await this.goLive(work, `${this.now().toString(36)}-${process.pid}`, served, facts, build);
        return true;
      });
    } finally {
      await rm(work, { recursive: true, force: true });
      this.adopting = false;
    }
  }

  /** Resolves when the build under way (if any) has ended. */
  async settled(): Promise<void> {
    await this.running;
  }

  /** Logs how the Publish started at `started` ended; the log failing never fails the Publish. */
  private async recordOutcome(started: number, by: Person): Promise<void> {
    const { record } = this.options;
    if (!record) return;
    const { state, message, finishedAt } = this.current;
    const live = state === 'done';
    const release = live ? readRelease(this.options.distDir) : undefined;
    try {
      await record({
        state: live ? 'live' : 'failed',
        ...(release && { release }),
        by,
        startedAt: new Date(started),
        finishedAt: finishedAt ? new Date(finishedAt) : new Date(this.now()),
        ...(live && { pages: this.pages }),
        ...(message && { message }),
      });
    } catch (error) {
      console.error(
        `The publish log could not be written: ${error instanceof Error ? error.message : error}`,
      );
    }
  }

  private finish(started: number, state: 'done' | 'failed', message: string) {
    const finished = this.now();
    this.current = {
      state,
      message,
      startedAt: new Date(started).toISOString(),
      finishedAt: new Date(finished).toISOString(),
      durationMs: finished - started,
    };
  }

  private async run(
    started: number,
    by: Person,
    outcome: Outcome,
    files: readonly string[] | undefined,
  ): Promise<void> {
    const served = this.options.served();
    if (!served) return this.finish(started, 'failed', publishMessages.noServer);
    await this.options.beforeBuild?.();
    const prepared = await this.options.prepare?.(files, by);
    try {
      await this.buildAndSwitch(started, by, outcome, served, prepared);
    } catch (error) {
      // Whatever stopped the Publish before its release was shared leaves the content as it was.
      if (!outcome.shared) await prepared?.undo();
      throw error;
    }
  }

  private async buildAndSwitch(
    started: number,
    by: Person,
    outcome: Outcome,
    served: ServedSite,
    prepared: PreparedPublish | undefined,
  ): Promise<void> {
    const id = `${started.toString(36)}-${process.pid}`;
    const work = path.join(this.options.distDir, `.publish-${id}`);
    const { code, stderr, pages } = await this.build(work);
    if (code !== 0) {
      await prepared?.undo();
      await rm(work, { recursive: true, force: true });
      const why = stderr.trim().split('\n').slice(-40).join('\n');
      return this.finish(started, 'failed', `${publishMessages.failed}\n\n${why || `Exit code ${code}.`}`);
    }
    let facts: SiteFacts | undefined;
    try {
      facts = loadBuildFacts(work);
    } catch (error) {
      await rm(work, { recursive: true, force: true });
      throw error;
    }
    if (!facts) {
      await prepared?.undo();
      await rm(work, { recursive: true, force: true });
      return this.finish(started, 'failed', `${publishMessages.failed} ${publishMessages.noFacts}`);
    }
    // The drafts built are now the live branch, for every instance (before any instance switches).
    try {
      await prepared?.finish();
      outcome.shared = true;
    } catch (error) {
      await rm(work, { recursive: true, force: true });
      throw error;
    }
    this.current = { ...this.current, step: STEP_NAMES.live };
    // Every instance can fetch the build before any serves it: a Publish that dies from here on
    // leaves a stored build that no release names, and every instance on the old one.
    let shared: ServedBuild | undefined;
    const { share, record } = this.options;
    if (share) {
      try {
        const release = readRelease(work);
        if (!release) throw new Error(publishMessages.noRelease);
        shared = await share(work, release);
        // Logged before anything switches: every instance, this one too, follows the log, so a
        // release that cannot be logged is put live nowhere, and one logged is put live everywhere.
        await record?.({
          state: 'live',
          release,
          buildId: shared.buildId,
          by,
          startedAt: new Date(started),
          finishedAt: new Date(this.now()),
          pages,
          message: publishMessages.done(pages, ((this.now() - started) / 1000).toFixed(1)),
        });
        outcome.logged = true;
      } catch (error) {
        await rm(work, { recursive: true, force: true });
        throw error;
      }
    }
    await this.oneSwitchAtATime(() => this.goLive(work, id, served, facts, shared));
    this.pages = pages;
    this.finish(started, 'done', publishMessages.done(pages, ((this.now() - started) / 1000).toFixed(1)));
  }

  /**
   * Switches this instance to the build in `work` (the folder holding client/): the served site,
   * the forms' facts, DIST_DIR/client (for a restart) and the release health reports.
   */
  private async goLive(
    work: string,
    id: string,
    served: ServedSite,
    facts: SiteFacts,
    shared: ServedBuild | undefined,
  ): Promise<void> {
    // Which stored build is served is unknown until the switch is complete: an instance killed
    // meanwhile fetches the latest release whole at its next start (server/releases/).
    await rm(path.join(this.options.distDir, SERVED_BUILD_FILE), { force: true });
    // The replaced build's scripts stay loadable for an hour by pages opened before the switch.
    const ledgerFile = path.join(this.options.distDir, PREVIOUS_ASSETS_FILE);
    await carryPreviousAssets({
      fromClient: served.clientDir(),
      toClient: path.join(work, 'client'),
      ledger: readLedger(ledgerFile),
      ledgerOut: path.join(work, PREVIOUS_ASSETS_FILE),
      now: this.now(),
    });
    served.swap(path.join(work, 'client'));
    this.options.follow?.(facts);
    // Make DIST_DIR/client the new build as well (hard links to its files, renamed into place),
    // then serve from it and drop the work folder: a restart then serves what was published.
    const client = path.join(this.options.distDir, 'client');
    const next = path.join(this.options.distDir, `.next-${id}`);
    const old = path.join(this.options.distDir, `.old-${id}`);
    await linkTree(path.join(work, 'client'), next);
    if (existsSync(client)) await rename(client, old);
    await rename(next, client);
    // The release beside DIST_DIR/client before serving from it: health reports the new one at once.
    const releaseNext = path.join(this.options.distDir, `.release-${id}`);
    if (existsSync(path.join(work, RELEASE_FILE))) {
      await copyFile(path.join(work, RELEASE_FILE), releaseNext);
      await rename(releaseNext, path.join(this.options.distDir, RELEASE_FILE));
    }
    served.swap(client);
    const factsNext = path.join(this.options.distDir, `.facts-${id}`);
    await copyFile(path.join(work, SITE_FACTS_FILE), factsNext);
    await rename(factsNext, path.join(this.options.distDir, SITE_FACTS_FILE));
    // Renamed into place, never written over: DIST_DIR may be hard links to another instance's files
    // (deploy/triune-site@.service makes each instance's DIST_DIR that way).
    const ledgerNext = path.join(this.options.distDir, `.ledger-${id}`);
    await copyFile(path.join(work, PREVIOUS_ASSETS_FILE), ledgerNext);
    await rename(ledgerNext, ledgerFile);
    if (shared) writeServedBuild(this.options.distDir, shared);
    await rm(old, { recursive: true, force: true });
    await rm(work, { recursive: true, force: true });
  }

  private build(work: string): Promise<{ code: number; stderr: string; pages: number }> {
    return new Promise((resolve) => {
      const child = startBuild(
        this.options.contentDir,
        work,
        this.options.buildScript,
        this.options.buildCache,
      );
      let stderr = '';
      let pages = 0;
      let pending = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          const m = /^STEP (\w+)(?: (\d+))?/.exec(line);
          if (!m) continue;
          if (m[1] === 'done') pages = Number(m[2] ?? 0);
          else this.current = { ...this.current, step: STEP_NAMES[m[1] ?? ''] ?? m[1] };
        }
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr = (stderr + chunk).slice(-16_000);
      });
      child.on('error', (error) => resolve({ code: -1, stderr: error.message, pages }));
      child.on('close', (code) => resolve({ code: code ?? -1, stderr, pages }));
    });
  }
}

/**
 * Starts `npm run build` of `contentDir` into `outDir` as Publish runs it: steps printed, no
 * compressed copies, and ending with this process, however it ends (node/exitWithParent.ts).
 */
export function startBuild(
  contentDir: string,
  outDir: string,
  script: string = BUILD_SCRIPT,
  cache?: string,
): ChildProcessByStdio<Writable, Readable, Readable> {
  return spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      script,
      '--content',
      contentDir,
      '--out',
      outDir,
      '--steps',
      '--no-compress',
      ...(cache ? ['--cache', cache] : []),
      EXIT_WITH_PARENT_FLAG,
    ],
    // Standard input stays an open pipe for the build's life: it closes when this process ends.
    { cwd: REPO, stdio: ['pipe', 'pipe', 'pipe'] },
  );
}

export function registerPublishRoutes(
  app: FastifyInstance,
  publisher: Publisher | undefined,
  author: (request: FastifyRequest) => Person,
  log?: ReleaseLog,
  /** With review on, a content account submits instead (review/reviewRoutes.ts): 403 and why. */
  refuse?: (request: FastifyRequest) => string | undefined,
): void {
  app.get('/publish', async () => publisher?.state() ?? DEV_PUBLISH);
  app.post('/publish', async (request, reply) => {
    const refusal = refuse?.(request);
    if (refusal) return reply.code(403).send({ message: refusal });
    if (!publisher) return DEV_PUBLISH;
    // {files}: publish the drafts holding these files; no body: every draft.
    const body = request.body as { files?: unknown } | undefined;
    if (body?.files !== undefined && !filesOf(body))
      return reply.code(400).send({ message: draftRouteMessages.badFiles });
    // Chosen drafts are not folded into a Publish already under way: it would end without them.
    if (body?.files !== undefined && (publisher.busy?.() ?? publisher.state().state === 'running'))
      return reply.code(409).send({ message: publishMessages.runningHere });
    return reply.code(202).send(publisher.start(author(request), filesOf(body)));
  });
  // The latest Publishes, newest first: who, when, how it ended, which content and code went live.
  app.get('/releases', async () => ({ releases: log ? await log.recent() : [] }));
}
