/**
 * The setting of the tests of drafts, schedules and review (real git, a real Publish): a content
 * folder in git with its drafts worktree, a served site, and a publisher that takes drafts live and
 * builds them with the stand-in build (tests/support/titlesBuild.ts: a page of each page's title,
 * in a second instead of a real build's minute).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerStatic } from '../../static.ts';
import { contentCopy, REPO } from '../editorTestSupport.ts';
import { SitePublisher, type SitePublisherOptions } from '../publish.ts';
import { ScheduleRunner, type ScheduleRunnerOptions } from '../schedules/runSchedules.ts';
import { type Drafts, localDrafts } from './drafts.ts';

const TITLES_BUILD = path.join(REPO, 'tests/support/titlesBuild.ts');

export interface DraftsHarness {
  /** The live content folder (on main). */
  live: string;
  drafts: Drafts;
  /** Serves the last build at `/` (app.inject). */
  app: FastifyInstance;
  publisher: SitePublisher;
}

/**
 * Makes the setting. `live` changes the content folder before its drafts exist (the test commits
 * what it changes); `publishing` adds to the publisher's options (what a Publish records);
 * `routes` adds routes (the content API) before the app is ready. The caller closes `app` and
 * removes the content copies.
 */
export async function draftsHarness(
  setUp: {
    live?: (dir: string) => void;
    publishing?: (drafts: Drafts) => Partial<SitePublisherOptions>;
    routes?: (app: FastifyInstance, harness: Omit<DraftsHarness, 'app'>) => Promise<void>;
  } = {},
): Promise<DraftsHarness> {
  const live = contentCopy({ git: true });
  setUp.live?.(live);
  const dist = contentCopy();
  mkdirSync(path.join(dist, 'client'), { recursive: true });
  writeFileSync(path.join(dist, 'client', 'index.html'), '<p>The build before publishing</p>');
  const drafts = localDrafts(live);
  const app = Fastify({ logger: false });
  await registerStatic(app, { clientDir: path.join(dist, 'client'), apiPrefix: '/backend/api' });
  const publisher = new SitePublisher({
    contentDir: live,
    distDir: dist,
    served: () => app.servedSite,
    buildScript: TITLES_BUILD,
    prepare: (files, by) => drafts.prepare(files, by),
    ...setUp.publishing?.(drafts),
  });
  await setUp.routes?.(app, { live, drafts, publisher });
  await app.ready();
  return { live, drafts, app, publisher };
}

/**
 * A schedule runner on the setting's folders and publisher (a Publish it starts is waited for), with
 * the test's clock and `extra` options.
 */
export function scheduleRunnerOn(
  { live, drafts, publisher }: Omit<DraftsHarness, 'app'>,
  extra: Partial<ScheduleRunnerOptions> & Pick<ScheduleRunnerOptions, 'now'>,
): ScheduleRunner {
  return new ScheduleRunner({
    draftsDir: drafts.folder,
    liveDir: live,
    repository: drafts.repository,
    draftOf: async (file) => (await drafts.groups()).find((g) => g.files.some((f) => f.file === file)),
    publish: async (files, by) => {
      publisher.start(by, files);
      await publisher.settled();
      return publisher.state();
    },
    ...extra,
  });
}
