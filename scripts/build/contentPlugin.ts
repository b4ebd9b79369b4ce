/**
 * Vite plugin that checks site.yaml, pages/*.yaml and redirects.yaml, and in development serves each page's data
 * as the build writes it (src/content/pageData.ts): in the page's data block, and as the JSON
 * client-side navigation fetches. No content goes into the bundle, which is code only (issue 34).
 * A bad file fails `vite build`. The dev server starts and keeps
 * running with bad content: the terminal prints the problems (file:line:column), the browser shows
 * them in Vite's error overlay (on every page load and as soon as a file goes bad, pointing at the
 * first problem's line), and saving a fix reloads the page, without a restart.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ErrorPayload, Plugin, ViteDevServer } from 'vite';
import { readFolder, type SiteReading, type ValidationResult } from '../../node/folderSource.ts';
import { readImageSizes } from '../../node/imageSizes.ts';
import { pageDataUrl, pageSliceFor, siteDataFor, type WholeSite } from '../../src/content/pageData.ts';
import { normalisePath } from '../../src/frame/navModel.ts';
import { siteDataScript } from '../../src/renderer/siteData.ts';
import { formatErrors, formatWarnings } from '../../src/validator/formatErrors.ts';
import { FileChecksCache, REDIRECTS_FILE } from '../../src/validator/validateSite.ts';

const PAGE_DATA_PREFIX = pageDataUrl('/').replace(/page-data\.json$/, '');

export interface ContentPluginOptions {
  /** The folder holding site.yaml, pages/ and public/ (default: Vite's root). */
  root?: string;
  /** Told each validation of the dev server (at start and after every change), e.g. to reload an API. */
  onValidated?: (result: SiteReading) => void;
  /**
   * The content, already read and checked (`npm run build` reads it once, before Vite starts, and
   * hands it to both of its Vite builds). Without it, the plugin reads `root` itself.
   */
  reading?: SiteReading;
}

export function contentPlugin(options: ContentPluginOptions = {}): Plugin {
  let root = options.root ?? process.cwd();
  let command: 'build' | 'serve' = 'serve';
  let logError: ((message: string) => void) | undefined;
  let result: SiteReading | undefined;
  // The dev server checks again at every change: only the changed files are parsed and checked anew.
  const checks = new FileChecksCache();
  // `npm run build` prints the warnings itself; the dev server prints them here.
  let warn: ((message: string) => void) | undefined;
  const sizes = () => readImageSizes(path.join(root, 'public'), current().images);
  /** The whole site as the dev server serves it (AVIF/WebP variants are made by builds only). */
  const whole = (): WholeSite | undefined => {
    const { model } = current();
    return model && { ...model, imageSizes: sizes(), imageVariants: {} };
  };

  const current = (): SiteReading => {
    result ??= options.reading ?? readFolder(root);
    return result;
  };
  /** What the browser's error overlay shows for invalid content. */
  const overlayError = (r: SiteReading): ErrorPayload['err'] => invalidContentError(root, r);

  return {
    name: 'site-content',
    configResolved(config) {
      root = options.root ?? config.root;
      command = config.command;
      warn = config.command === 'serve' ? (message) => config.logger.warn(message) : undefined;
      logError = (message) => config.logger.error(message);
    },
    buildStart() {
      result = undefined;
      const r = current();
      for (const f of r.files) this.addWatchFile(path.join(root, f));
      if (!r.content) {
        // A build must fail; the dev server must start anyway, so the fix can be watched for.
        if (command === 'build') this.error(`Site content is invalid:\n\n${formatErrors(r.errors)}`);
        logError?.(`${invalidMessage(r)}\n\n${DEV_HINT}`);
      } else if (r.warnings.length) warn?.(formatWarnings(r.warnings));
      if (command === 'serve') options.onValidated?.(r);
    },
    // The dev server's page gets its data block as a pre-rendered page has it (src/content/pageData.ts).
    transformIndexHtml(html, context) {
      const site = whole();
      if (command !== 'serve' || !site || !html.includes('entry-client')) return html;
      const address = normalisePath(new URL(context.originalUrl ?? context.path, 'http://dev').pathname);
      return html.replace('</body>', () => `${siteDataScript(siteDataFor(site, address))}\n</body>`);
    },
    configureServer(server: ViteDevServer) {
      const isContent = (file: string) => {
        const rel = path.relative(root, file).split(path.sep).join('/');
        return (
          rel === 'site.yaml' ||
          rel === REDIRECTS_FILE ||
          (rel.startsWith('pages/') && /\.ya?ml$/.test(rel)) ||
          rel.startsWith('schema/')
        );
      };
      server.watcher.add(
        ['site.yaml', REDIRECTS_FILE, 'pages', 'schema'].map((part) => path.join(root, part)),
      );
      // The redirects of redirects.yaml, answered as the server answers them (301, the query kept).
      server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://dev');
        const from = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
        const to = current().model?.redirects.find((r) => r.from === from)?.to;
        if (to === undefined) return next();
        res.statusCode = 301;
        res.setHeader('location', to + url.search);
        res.end();
      });
      // Client-side navigation's page data, as the build writes it.
      server.middlewares.use(PAGE_DATA_PREFIX, (req, res, next) => {
        const rest = new URL(req.url ?? '/', 'http://dev').pathname;
        if (!rest.endsWith('/page-data.json')) return next();
        const site = whole();
        if (!site) {
          // As a broken module would: 500, and the problems to the page's overlay.
          const err = overlayError(current());
          server.ws.send({ type: 'error', err });
          res.statusCode = 500;
          res.setHeader('content-type', 'text/plain; charset=utf-8');
          res.end(err.message);
          return;
        }
        const slice = pageSliceFor(site, normalisePath(rest.replace(/\/?page-data\.json$/, '') || '/'));
        res.statusCode = slice ? 200 : 404;
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(JSON.stringify(slice ?? { error: 'No page at this address.' }));
      });
      // A page opened (or reloaded) while the content is invalid gets the overlay as it connects.
      server.ws.on('vite:client:connect', (_data, client) => {
        if (result && !result.content) client.send({ type: 'error', err: overlayError(result) });
      });
      const onChange = (file: string) => {
        if (!isContent(file)) return;
        result = readFolder(root, {
          freshSchemas: file.includes(`${path.sep}schema${path.sep}`),
          cache: checks,
        });
        options.onValidated?.(result);
        if (result.content) {
          // Warnings (an expired job posting, say) never stop the page; the terminal shows them.
          if (result.warnings.length) warn?.(formatWarnings(result.warnings));
          server.ws.send({ type: 'full-reload' });
        } else {
          server.config.logger.error(`${invalidMessage(result)}\n\n${DEV_HINT}`, { timestamp: true });
          server.ws.send({ type: 'error', err: overlayError(result) });
        }
      };
      server.watcher.on('change', onChange);
      server.watcher.on('add', onChange);
      server.watcher.on('unlink', onChange);
    },
  };
}

const PLUGIN_NAME = 'site-content';
const DEV_HINT = 'The dev server keeps running: fix the file and save, and the page reloads by itself.';

function invalidMessage(r: ValidationResult): string {
  return `Site content is invalid:\n\n${formatErrors(r.errors)}`;
}

/**
 * The error Vite prints and its overlay shows: every problem with file:line:column in the message,
 * and the first one as the overlay's clickable location (line and column counted from 1, as in the
 * message and in editors) with the lines around it.
 */
export function invalidContentError(root: string, r: ValidationResult): ErrorPayload['err'] {
  const first = r.errors[0];
  const err: ErrorPayload['err'] = { message: invalidMessage(r), stack: '', plugin: PLUGIN_NAME };
  if (!first) return err;
  const file = path.join(root, first.file);
  err.id = file;
  err.loc = { file, line: first.line, column: first.column };
  const frame = codeFrame(file, first.line, first.column);
  if (frame) err.frame = frame;
  return err;
}

/** Two lines either side of `line`, numbered, with a caret under `column` (both from 1). */
function codeFrame(file: string, line: number, column: number): string | undefined {
  let lines: string[];
  try {
    lines = readFileSync(file, 'utf8').split(/\r?\n/);
  } catch {
    return undefined;
  }
  const from = Math.max(1, line - 2);
  const to = Math.min(lines.length, line + 2);
  const width = String(to).length;
  const out: string[] = [];
  for (let n = from; n <= to; n++) {
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${lines[n - 1] ?? ''}`);
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1))}^`);
  }
  return out.join('\n');
}
