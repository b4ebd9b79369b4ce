/**
 * Vite plugin that turns site.yaml and pages/*.yaml into modules the app imports:
 *   virtual:site-content   site settings, derived lists (menus, cards), the route table and a
 *                          lazy loader per page (each page's content is its own small chunk);
 *   virtual:page/<file>    one page's content.
 * The content is validated first: a bad file fails `vite build` and shows in the dev error overlay
 * with file:line:column; saving a fix recovers without a restart.
 */
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { formatErrors, formatWarnings } from '../validator/formatErrors.ts';
import { type ValidationResult, validateContent } from '../validator/validateContent.ts';
import { readImageSizes } from './imageSizes.ts';
import { planVariants, renderVariant, srcsetsOf } from './imageVariants.ts';
import { deriveCollections, deriveRoutes } from './model.ts';

const SITE_ID = 'virtual:site-content';
const PAGE_PREFIX = 'virtual:page/';
const RESOLVED = '\0';

export function contentPlugin(options: { root?: string } = {}): Plugin {
  let root = options.root ?? process.cwd();
  let result: ValidationResult | undefined;
  // AVIF/WebP variants of raster photos are made for production builds only.
  let makeVariants = false;
  // `npm run build` prints the warnings itself; the dev server prints them here.
  let warn: ((message: string) => void) | undefined;
  const sizes = () => readImageSizes(path.join(root, 'public'), current().images);
  const variants = () => (makeVariants ? planVariants(path.join(root, 'public'), sizes()) : []);

  const current = (): ValidationResult => {
    result ??= validateContent(root);
    return result;
  };
  const contentOrThrow = () => {
    const r = current();
    if (!r.content) throw new ContentError(formatErrors(r.errors));
    return r.content;
  };

  return {
    name: 'site-content',
    configResolved(config) {
      root = options.root ?? config.root;
      makeVariants = config.command === 'build';
      warn = config.command === 'serve' ? (message) => config.logger.warn(message) : undefined;
    },
    buildStart() {
      result = undefined;
      const r = current();
      for (const f of r.files) this.addWatchFile(path.join(root, f));
      if (!r.content) this.error(`Site content is invalid:\n\n${formatErrors(r.errors)}`);
      if (r.warnings.length) warn?.(formatWarnings(r.warnings));
    },
    resolveId(id) {
      if (id === SITE_ID || id.startsWith(PAGE_PREFIX)) return RESOLVED + id;
      return undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const content = contentOrThrow();
      const bare = id.slice(RESOLVED.length);
      if (bare === SITE_ID) {
        const loaders = content.pages
          .map(
            ({ file }) => `  ${JSON.stringify(file)}: () => import(${JSON.stringify(PAGE_PREFIX + file)}),`,
          )
          .join('\n');
        return [
          `export const site = ${JSON.stringify(content.site)};`,
          `export const collections = ${JSON.stringify(deriveCollections(content.pages))};`,
          `export const routes = ${JSON.stringify(deriveRoutes(content.pages))};`,
          `export const pageLoaders = {\n${loaders}\n};`,
          `export const imageSizes = ${JSON.stringify(sizes())};`,
          `export const imageVariants = ${JSON.stringify(srcsetsOf(variants()))};`,
        ].join('\n');
      }
      if (bare.startsWith(PAGE_PREFIX)) {
        const file = bare.slice(PAGE_PREFIX.length);
        const page = content.pages.find((p) => p.file === file);
        if (!page) throw new Error(`No page file ${file}`);
        return `export default ${JSON.stringify(page.page)};`;
      }
      return undefined;
    },
    async generateBundle() {
      if (this.environment?.config.consumer === 'server') return;
      const publicDir = path.join(root, 'public');
      for (const v of variants()) {
        this.emitFile({
          type: 'asset',
          fileName: v.file.slice(1),
          source: await renderVariant(publicDir, v),
        });
      }
    },
    configureServer(server: ViteDevServer) {
      const isContent = (file: string) => {
        const rel = path.relative(root, file).split(path.sep).join('/');
        return (
          rel === 'site.yaml' ||
          (rel.startsWith('pages/') && /\.ya?ml$/.test(rel)) ||
          rel.startsWith('schema/')
        );
      };
      server.watcher.add([path.join(root, 'site.yaml'), path.join(root, 'pages'), path.join(root, 'schema')]);
      const onChange = (file: string) => {
        if (!isContent(file)) return;
        result = validateContent(root, { freshSchemas: file.includes(`${path.sep}schema${path.sep}`) });
        for (const mod of server.moduleGraph.idToModuleMap.values()) {
          if (mod.id?.startsWith(RESOLVED + SITE_ID) || mod.id?.startsWith(RESOLVED + PAGE_PREFIX)) {
            server.moduleGraph.invalidateModule(mod);
          }
        }
        if (result.content) {
          // Warnings (an expired job posting, say) never stop the page; the terminal shows them.
          if (result.warnings.length) warn?.(formatWarnings(result.warnings));
          server.ws.send({ type: 'full-reload' });
        } else {
          const message = `Site content is invalid:\n\n${formatErrors(result.errors)}`;
          server.config.logger.error(message);
          server.ws.send({ type: 'error', err: { message, stack: '', plugin: 'site-content' } });
        }
      };
      server.watcher.on('change', onChange);
      server.watcher.on('add', onChange);
      server.watcher.on('unlink', onChange);
    },
  };
}

class ContentError extends Error {
  constructor(message: string) {
    super(`Site content is invalid:\n\n${message}`);
    this.name = 'ContentError';
    this.stack = '';
  }
}
