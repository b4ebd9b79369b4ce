/**
 * A child process of the build's render pool (./renderPool.ts): renders the pages it is sent, each
 * from its own data, and sends their HTML back. Run with `node --import tsx`.
 */
import type { SiteConfig } from '../../src/content/model.ts';
import type { SiteData } from '../../src/content/pageData.ts';
import { pageRenderer } from './prerender.ts';

export interface RenderJob {
  address: string;
  data: SiteData;
}
export interface RenderRequest {
  bundleDir: string;
  site: SiteConfig;
  jobs: RenderJob[];
}
export type RenderReply = { address: string; html: string } | { error: string };

/** Sends a reply and waits until it is handed over, so none is lost when the process ends. */
const reply = (message: RenderReply) =>
  new Promise<void>((resolve) =>
    process.send ? process.send(message, undefined, {}, () => resolve()) : resolve(),
  );

process.on('message', async (request: RenderRequest) => {
  try {
    const render = await pageRenderer(request.bundleDir, request.site);
    for (const { address, data } of request.jobs) await reply({ address, html: await render(address, data) });
  } catch (error) {
    await reply({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
  process.disconnect?.();
});
