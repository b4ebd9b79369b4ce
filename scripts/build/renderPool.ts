/**
 * Renders many pages on every core (issue 34: a full build uses both): the pages are dealt out to
 * one child process per core (./renderWorker.ts), each loading the renderer once. React renders on
 * one thread, so a single process would leave the other cores idle. Few pages (a Publish after a
 * small change) are rendered in the build's own process: starting a child costs more than they do.
 */
import { fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { SiteConfig } from '../../src/content/model.ts';
import type { RenderJob, RenderReply, RenderRequest } from './renderWorker.ts';

/** Below this many pages, rendering in the build's own process is quicker. */
export const POOL_FROM_PAGES = 48;

const WORKER = path.join(import.meta.dirname, 'renderWorker.ts');

/** Renders `jobs` in `workers` child processes; calls `done` with each page's HTML as it arrives. */
export async function renderInPool(
  bundleDir: string,
  site: SiteConfig,
  jobs: readonly RenderJob[],
  done: (address: string, html: string) => void,
  workers = Math.min(availableParallelism(), 4),
): Promise<void> {
  const shares = Array.from({ length: workers }, (_, i) => jobs.filter((_, j) => j % workers === i));
  await Promise.all(
    shares
      .filter((share) => share.length > 0)
      .map(
        (share) =>
          new Promise<void>((resolve, reject) => {
            const child = fork(WORKER, [], {
              execArgv: ['--import', 'tsx'],
              stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
            });
            let left = share.length;
            child.on('message', (reply: RenderReply) => {
              if ('error' in reply) return reject(new Error(`A page renderer failed: ${reply.error}`));
              done(reply.address, reply.html);
              if (--left === 0) resolve();
            });
            child.on('error', reject);
            // 'close', not 'exit': by then every message the child sent has been delivered.
            child.on('close', (code) => {
              if (left > 0)
                reject(new Error(`A page renderer stopped (exit code ${code}) with ${left} pages left.`));
            });
            child.send({ bundleDir, site, jobs: share } satisfies RenderRequest);
          }),
      ),
  );
}
