/**
 * Makes an instance serve the latest release, whichever instance published it (issue 36). It
 * hears of a release at once (NOTIFY, releaseChannel.ts) and asks every few seconds as well, in case
 * the connection that listens dropped. A release is followed when it was built by the code this
 * instance runs: during a rolling update of the code, an instance not yet restarted keeps its
 * release until it is. Following means fetching the build's files (only those the instance does
 * not serve already, releaseFiles.ts) and switching to it as a Publish of its own would
 * (SitePublisher.adopt). At start the same check puts an instance that missed releases (down, or
 * killed in the middle of a switch) on the latest.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../storage/db.ts';
import { channelKey, latestRelease, RELEASE_CHANNEL } from './releaseChannel.ts';
import { fetchBuild, readServedBuild, type ServedBuild } from './releaseFiles.ts';

/** What the follower needs of the instance's publisher (server/editor/publish.ts). */
export interface SwitchTarget {
  busy(): boolean;
  adopt(work: string, build: ServedBuild): Promise<boolean>;
}

export interface ReleaseFollowerOptions {
  store: Db;
  /** DIST_DIR, the folder holding the served client/. */
  distDir: string;
  /** The version of the code this instance runs (node/release.ts codeVersion). */
  code: string;
  publisher: SwitchTarget;
  /** How often to ask when no NOTIFY came (default 5 s). */
  pollMs?: number;
  log?: (line: string) => void;
}

export class ReleaseFollower {
  private timer: NodeJS.Timeout | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  private checking: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** The newer release of other code last reported, so the log says it once. */
  private toldOfCode: string | undefined;

  constructor(private readonly options: ReleaseFollowerOptions) {}

  async start(): Promise<void> {
    await this.listen();
    this.timer = setInterval(() => void this.check(), this.options.pollMs ?? 5_000);
    this.timer.unref();
    await this.check();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    // A look under way may open the listening connection again: it ends first.
    await this.checking;
    await this.stopListening?.();
    this.stopListening = undefined;
  }

  /** Looks for a newer release and switches to it; one look at a time (a second is queued). */
  check(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.checking) {
      this.again = true;
      return this.checking;
    }
    this.checking = this.follow()
      .catch((error: unknown) =>
        this.log(
          `Could not switch to the latest release: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
      .finally(() => {
        this.checking = undefined;
        if (this.again) {
          this.again = false;
          void this.check();
        }
      });
    return this.checking;
  }

  private log(line: string): void {
    (this.options.log ?? console.warn)(line);
  }

  private async listen(): Promise<void> {
    const { store } = this.options;
    if (!store.listen || this.stopped || this.stopListening) return;
    try {
      this.stopListening = await store.listen(
        RELEASE_CHANNEL,
        (payload) => {
          if (payload === channelKey(store)) void this.check();
        },
        () => {
          this.stopListening = undefined;
        },
      );
    } catch {
      // Polling covers it; the next look listens again.
      this.stopListening = undefined;
    }
  }

  private async follow(): Promise<void> {
    const { store, distDir, code, publisher } = this.options;
    if (!this.stopListening) await this.listen();
    const latest = await latestRelease(store);
    if (!latest) return;
    if (latest.code !== code) {
      if (this.toldOfCode !== latest.code)
        this.log(
          `The latest release was built by other code (${latest.code}; this instance runs ${code}): it is served once this instance runs that code.`,
        );
      this.toldOfCode = latest.code;
      return;
    }
    const served = readServedBuild(distDir);
    if (served?.buildId === latest.buildId || publisher.busy()) return;
    const work = path.join(distDir, `.follow-${latest.buildId.toString(36)}-${process.pid}`);
    await rm(work, { recursive: true, force: true });
    try {
      const { files } = await fetchBuild(
        store,
        latest.buildId,
        work,
        served && { dir: distDir, build: served },
      );
      await publisher.adopt(work, { buildId: latest.buildId, files });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
}
