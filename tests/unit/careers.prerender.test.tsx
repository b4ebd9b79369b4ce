// @vitest-environment node
/**
 * The JobPosting JSON-LD is in the pre-rendered HTML of every career page (search engines read it
 * without running scripts), rendered exactly as the build's pre-renderer does.
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/renderer/App.tsx';
import { ContentProvider } from '../../src/renderer/ContentContext.tsx';
import { loadContent } from '../support/content.tsx';

async function prerender(url: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <ContentProvider value={loadContent()}>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </ContentProvider>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

describe('pre-rendered career pages', () => {
  for (const [route, title] of [
    ['/careers', 'Customer Support'],
    ['/careers/app-developer', 'Mobile App Developer'],
  ] as const) {
    it(`${route} has its JobPosting JSON-LD in the HTML`, async () => {
      const html = await prerender(route);
      const match = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s);
      expect(match).not.toBeNull();
      const data = JSON.parse(match?.[1] ?? '');
      expect(data['@type']).toBe('JobPosting');
      expect(data.title).toBe(title);
      // The description's HTML is escaped inside the script: nothing can end the element early.
      expect(match?.[1]).not.toContain('<');
    });
  }
});
