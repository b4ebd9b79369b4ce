/**
 * The content API's options in the running server (server/app.ts registers it with one line):
 * the content folder is CONTENT_DIR (the repository by default, so under `npm run dev` the
 * repository's pages), the commit author is the signed-in staff member, and Publish exists only
 * when the server serves the built site itself (`npm start`: a client folder is given). With
 * CONTENT_REMOTE, the content folder is a clone of the repository the instances share, and every
 * save is pushed to it (sharedRepository.ts).
 */
import path from 'node:path';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { codeVersion } from '../../node/release.ts';
import { loadBuildFacts } from '../../node/siteFacts.ts';
import { loadConfig } from '../config.ts';
import { pruneBuilds, readServedBuild, storeBuild } from '../releases/releaseFiles.ts';
import { ReleaseFollower } from '../releases/releaseFollower.ts';
import type { Db } from '../storage/db.ts';
import type { ContentApiOptions } from './api.ts';
import { Drafts } from './drafts/drafts.ts';
import {
  DRAFTS_BRANCH,
  draftsPossible,
  prepareDraftsFolder,
  recoverInterruptedPublish,
} from './drafts/draftsFolder.ts';
import { type Person, UNNAMED_STAFF } from './history.ts';
import { PreviewLinks } from './preview/previewLinks.ts';
import { SitePublisher } from './publish.ts';
import { advisoryLock, publishLock } from './publishLock.ts';
import { ReleaseLog } from './releaseLog.ts';
import { versionsIn } from './review/reviewRoutes.ts';
import { Reviews } from './review/reviews.ts';
import { ScheduleRunner } from './schedules/runSchedules.ts';
import { prepareClone, SharedRepository } from './sharedRepository.ts';

export function editorOptions(
  app: FastifyInstance,
  guard: onRequestHookHandler,
  clientDir: string | undefined,
  store: Db,
  /** Review's emails: whether the server sends mail, and how to tell its notifier to look. */
  mail: { enabled: boolean; kick: () => void } = { enabled: false, kick: () => undefined },
): ContentApiOptions {
  const releaseLog = new ReleaseLog(store);
  const config = loadConfig();
  // Review before publishing (CONTENT_REVIEW); each submission emails the publishers when the
  // server sends mail (server/notify/reviewMail.ts). Whether a Publish at is still to come goes by
  // the schedules' clock (SCHEDULE_CLOCK), as the schedule that publishes it does.
  const reviews = new Reviews(store, {
    notify: mail.enabled,
    afterSubmit: mail.kick,
    ...(config.scheduleClock && { scheduleNow: () => config.scheduleClock as Date }),
  });
  const exclusive = publishLock(store);
  const contentDir = config.contentDir;
  const { contentRemote, contentBranch } = config;
  // With CONTENT_REMOTE, the content folder is a clone of the repository the instances share.
  if (contentRemote) prepareClone(contentDir, contentRemote, contentBranch);
  const shared = contentRemote
    ? new SharedRepository({ root: contentDir, remote: contentRemote, branch: contentBranch })
    : undefined;
  // Where the site publishes itself and the content has git, saves are drafts until published.
  const drafts =
    clientDir && draftsPossible(contentDir)
      ? draftsFor(app, contentDir, shared, contentRemote, contentBranch)
      : undefined;
  // With PostgreSQL, several instances may serve the site: each Publish stores its build in the
  // database, and every instance switches to the latest release (server/releases/).
  const shareBuilds = store.dialect === 'postgres';
  const publisher = clientDir
    ? new SitePublisher({
        contentDir,
        distDir: path.dirname(clientDir),
        served: () => app.servedSite,
        // The forms accept the service types and open positions of the build just published.
        follow: (facts) => app.followPublishedForms?.(facts),
        // Every Publish, with who pressed it, in the database the instances share; then the
        // reviews it published (or, failed, left waiting) move on.
        record: async (entry) => {
          await releaseLog.record(entry);
          // A Publish that went live closes the reviews it published (awaited, so a review is
          // never left approved for a later draft of its page).
          if (drafts && entry.state === 'live')
            await drafts
              .groups()
              .then((groups) =>
                reviews.afterPublish(new Set(groups.flatMap((g) => g.files.map((f) => f.file))), entry.by),
              )
              .catch((error: unknown) =>
                app.log.warn({ err: error }, 'The reviews could not be updated after a Publish'),
              );
        },
        // One build at a time across the instances sharing a PostgreSQL database.
        ...(exclusive && { exclusive }),
        // What every instance saved, not only this one.
        ...(shared && { beforeBuild: () => shared.sync() }),
        // The drafts chosen go into the content folder for the build (drafts/drafts.ts).
        ...(drafts && { prepare: (files, by) => drafts.prepare(files, by) }),
        ...(shareBuilds && {
          share: async (outDir, release) => {
            const distDir = path.dirname(clientDir);
            const served = readServedBuild(distDir);
            const { buildId, files } = await storeBuild(
              store,
              outDir,
              release,
              served && { dir: distDir, build: served },
            );
            await pruneBuilds(store).catch((error: unknown) =>
              app.log.warn({ err: error }, 'Older builds could not be removed from the database'),
            );
            return { buildId, files };
          },
        }),
      })
    : undefined;
  // Schedules: job openings leave the site the day after they close; pages go live or leave at
  // their own times (schedules/runSchedules.ts).
  if (publisher && drafts) {
    const schedules = new ScheduleRunner({
      draftsDir: drafts.folder,
      liveDir: contentDir,
      repository: drafts.repository,
      catchUpLive: () => drafts.live(),
      servedPositions: () => (clientDir ? (loadBuildFacts(path.dirname(clientDir))?.positions ?? []) : []),
      draftOf: async (file) => (await drafts.groups()).find((g) => g.files.some((f) => f.file === file)),
      publish: async (files, by) => {
        if (publisher.busy()) return { state: 'failed', message: 'Another Publish is under way.' };
        publisher.start(by, files);
        await publisher.settled();
        return publisher.state();
      },
      ...(advisoryLock(store, 'schedule') && { exclusive: advisoryLock(store, 'schedule') }),
      // With review on, a page's Publish at publishes only a draft a publisher approved.
      ...(config.contentReview && {
        approved: (file: string) => reviews.approvedFor(file, (files) => versionsIn(drafts.folder, files)),
      }),
      ...(config.scheduleClock && { now: () => config.scheduleClock as Date }),
      log: (line) => app.log.warn(line),
    });
    app.addHook('onReady', async () => schedules.start());
    app.addHook('onClose', async () => schedules.stop());
  }
  if (publisher && clientDir && shareBuilds) {
    const follower = new ReleaseFollower({
      store,
      distDir: path.dirname(clientDir),
      code: codeVersion(),
      publisher,
      log: (line) => app.log.warn(line),
    });
    app.addHook('onReady', async () => {
      await follower.start();
    });
    app.addHook('onClose', async () => {
      await follower.stop();
    });
  }
  return {
    contentDir: drafts?.folder ?? contentDir,
    ...(shared && { shared }),
    ...(drafts && { drafts, shared: drafts.repository }),
    guard,
    author: (request: FastifyRequest) => {
      const staff = (request as { staff?: Partial<Person> }).staff;
      return { name: staff?.name || UNNAMED_STAFF.name, email: staff?.email || UNNAMED_STAFF.email };
    },
    releaseLog,
    ...(publisher && { publisher }),
    previews: new PreviewLinks(store),
    liveDir: contentDir,
    reviews,
    reviewRequired: config.contentReview,
    store,
  };
}

/** The drafts of `contentDir`: its drafts worktree, shared through CONTENT_REMOTE when there is one. */
function draftsFor(
  app: FastifyInstance,
  contentDir: string,
  shared: SharedRepository | undefined,
  remote: string | undefined,
  branch: string,
): Drafts {
  const draftsDir = prepareDraftsFolder(contentDir, remote);
  // A Publish whose server died during its build is taken back (its drafts are still drafts).
  const recovered = recoverInterruptedPublish(contentDir, remote, branch);
  if (recovered) app.log.warn(recovered);
  const drafts = new Drafts({
    liveDir: contentDir,
    draftsDir,
    drafts: new SharedRepository({ root: draftsDir, remote, branch: DRAFTS_BRANCH }),
    live: shared ?? new SharedRepository({ root: contentDir }),
    log: (line) => app.log.warn(line),
  });
  // Drafts saved before their refs were kept, or committed to the branch by hand, get theirs.
  void drafts.repository.refreshRefs().catch((error: unknown) => app.log.warn(String(error)));
  return drafts;
}
