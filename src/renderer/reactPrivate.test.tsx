/**
 * Pins what reactPrivate.ts assumes about React's internals, with the React that is installed:
 * when an upgrade changes one of them, a test here fails and says which (and the fix is in
 * reactPrivate.ts, not scattered over the renderer).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { act, type ReactNode, Suspense, use } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { renderedAfter } from './lazyBlock.ts';
import {
  fulfilledThenable,
  markWhenFulfilled,
  SUSPENSE_CLOSING_MARKER,
  SUSPENSE_OPENING_MARKERS,
  TESTED_REACT_MINOR,
} from './reactPrivate.ts';

const require = createRequire(import.meta.url);
const REPO = path.resolve(import.meta.dirname, '../..');

/** A component that never finishes loading. */
const never = new Promise<string>(() => undefined);
function Reader({ promise }: { promise: Promise<string> }) {
  return <b>{use(promise)}</b>;
}

/** The HTML the build's pre-renderer writes (scripts/build/renderPage.tsx uses the same call). */
async function prerendered(node: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

const comments = (html: string) => [...html.matchAll(/<!--(.*?)-->/g)].map((m) => m[1]);
const ASSUMED = `src/renderer/reactPrivate.ts assumes React ${TESTED_REACT_MINOR}`;

describe('the Suspense markers of server-rendered HTML', () => {
  it('wraps a rendered boundary in "$" … "/$", as the pre-renderer writes it', async () => {
    const html = await prerendered(
      <main>
        <template data-deferred-block="" />
        <Suspense fallback={<i>wait</i>}>
          <section id="a">ready</section>
        </Suspense>
      </main>,
    );
    expect(html, `${ASSUMED}: a rendered boundary is "<!--$-->…<!--/$-->"`).toContain(
      '<template data-deferred-block=""></template><!--$--><section id="a">ready</section><!--/$-->',
    );
    expect(SUSPENSE_OPENING_MARKERS).toContain('$');
    expect(SUSPENSE_CLOSING_MARKER).toBe('/$');
  });

  it('opens a boundary still loading with "$?" and one the client must render with "$!"', async () => {
    const tree = (
      <main>
        <Suspense fallback={<i>wait</i>}>
          <Reader promise={never} />
        </Suspense>
      </main>
    );
    // Streamed: the shell shows the fallback in a pending boundary, the content would follow.
    const out = new PassThrough();
    let shell = '';
    out.on('data', (chunk) => {
      shell += String(chunk);
    });
    const stream = renderToPipeableStream(tree, {
      onShellReady: () => stream.pipe(out),
      onError: () => undefined,
    });
    await vi.waitFor(() => expect(shell).toContain('</main>'));
    stream.abort();
    expect(comments(shell), `${ASSUMED}: a pending boundary opens with "$?"`).toEqual(['$?', '/$']);
    // Not waited for (renderToString): the client renders it.
    const html = renderToString(tree);
    expect(comments(html), `${ASSUMED}: a boundary left to the client opens with "$!"`).toEqual(['$!', '/$']);
    for (const marker of [...comments(shell), ...comments(html)])
      expect([...SUSPENSE_OPENING_MARKERS, SUSPENSE_CLOSING_MARKER]).toContain(marker);
  });

  it('lets lazyBlock find the elements of a pre-rendered block by these markers', async () => {
    const html = await prerendered(
      <main>
        <template data-deferred-block="" />
        <Suspense fallback={null}>
          <section id="a">
            <Suspense fallback={null}>
              <span>inner</span>
            </Suspense>
          </section>
          <aside id="b" />
        </Suspense>
        <footer id="after" />
      </main>,
    );
    document.body.innerHTML = html;
    const marker = document.querySelector('template') as HTMLTemplateElement;
    expect(
      renderedAfter(marker).map((el) => el.id),
      `${ASSUMED}'s boundary comments`,
    ).toEqual(['a', 'b']);
  });
});

describe('use() of a promise already marked fulfilled', () => {
  it('reads fulfilledThenable at once on the server and in the browser, without suspending', () => {
    const tree = (promise: Promise<string>) => (
      <Suspense fallback={<i>wait</i>}>
        <Reader promise={promise} />
      </Suspense>
    );
    expect(renderToString(tree(fulfilledThenable('ready'))), `${ASSUMED}: use() reads status/value`).toBe(
      '<!--$--><b>ready</b><!--/$-->',
    );
    // The control: a promise React has not seen suspends, even when it has already resolved.
    expect(renderToString(tree(Promise.resolve('ready')))).toContain('<i>wait</i>');

    const container = document.createElement('div');
    const root = createRoot(container);
    act(() => root.render(tree(fulfilledThenable('ready'))));
    expect(container.innerHTML).toBe('<b>ready</b>');
    act(() => root.unmount());
  });

  it('reads a loaded page marked by markWhenFulfilled at once', async () => {
    const page = markWhenFulfilled(Promise.resolve('page'));
    await page;
    expect(renderToString(<Reader promise={page} />)).toBe('<b>page</b>');
  });
});

describe('the React these assumptions were checked against', () => {
  it.each(['react', 'react-dom'])('%s is installed and pinned at the tested minor version', (name) => {
    const { version } = require(`${name}/package.json`) as { version: string };
    const fix = `Check the assumptions in src/renderer/reactPrivate.ts against ${name} ${version}, then update TESTED_REACT_MINOR there and the "${name}" range in package.json together.`;
    expect(version.startsWith(`${TESTED_REACT_MINOR}.`), `${name} ${version} is installed. ${fix}`).toBe(
      true,
    );
    const pkg = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const range = pkg.dependencies[name] ?? '';
    expect(
      range.startsWith(`~${TESTED_REACT_MINOR}.`),
      `package.json allows ${name} "${range}": pin it to patch releases of ${TESTED_REACT_MINOR} ("~${TESTED_REACT_MINOR}.x"). ${fix}`,
    ).toBe(true);
  });
});
