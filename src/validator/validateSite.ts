/**
 * Validates a site's content (site.yaml, pages/, redirects.yaml, the images they name) and returns every problem
 * found, plus the content itself when it is valid. This core reads nothing by itself: a
 * `ContentSource` hands it the files, so the same checks run in Node (`npm run validate`, the
 * build, the dev server and the server: node/folderSource.ts) and in the browser (the
 * visual editor validates as the user types).
 */
import { dirname, join, normalize, relative } from 'pathe';
import type { Page, Redirect, Redirects, SiteConfig } from '../content/generated/content-types.ts';
import { fullTitle, isTakenDown } from '../content/model.ts';
import { blockPlaces } from '../content/pageKinds.ts';
import { placeOf, readablePath, segmentsOf, toContentErrors } from './errorMessages.ts';
import type { FileChecks, FileChecksCache } from './fileChecksCache.ts';
import { formLabelErrors } from './formLabels.ts';
import {
  checkAddresses,
  checkBlockPlaces,
  checkListingOrder,
  checkMenuPages,
  checkPostingDates,
  expectedPathFor,
} from './pageRules.ts';
import { checkRedirects, REDIRECTS_FILE, redirectEntries } from './redirectRules.ts';
import {
  blockSchemaFiles,
  blockTypeOf,
  PAGE_SCHEMA,
  REDIRECTS_SCHEMA,
  type SchemaFile,
  SITE_SCHEMA,
} from './schemas.ts';
import type { MarkedValue, SchemaValidators } from './schemaValidator.ts';
import { didYouMean } from './suggest.ts';
import { commentTraps } from './textTraps.ts';
import type { ContentError } from './types.ts';
import { parseYamlText, type YamlFile } from './yamlFile.ts';

/** What the validator needs to read; paths are relative to the content root, with "/". */
export interface ContentSource {
  /** The YAML files under pages/ ("pages/services/iot.yaml"), sorted. */
  pageFiles(): string[];
  /** A file's text ("site.yaml"), or undefined when there is no such file. */
  readText(file: string): string | undefined;
  /** Whether the site has the picture a page names ("/images/x.svg" is public/images/x.svg). */
  hasImage(imagePath: string): boolean;
  /** The JSON Schemas to check against. */
  schemas: readonly SchemaFile[];
  /**
   * The checks against `schemas`, compiled from them: at run time in Node (runtimeValidators.ts),
   * at build time for the browser (precompiledValidators.ts), whose policy forbids compiling code.
   */
  validators: SchemaValidators;
  /**
   * When a file was last changed (any clock; larger is newer), if the source knows. Of two pages
   * claiming one address or one place in a list, the newer (a copy) is told to change.
   */
  changedAt?(file: string): number | undefined;
  /**
   * Folders, relative to the content root, where the schema files are for an editor (the
   * `# yaml-language-server: $schema=` line of each file); the first is the one to suggest.
   */
  schemaDirs: readonly string[];
}

export interface PageFile {
  /** Relative to the content root, e.g. "pages/services/iot.yaml". */
  file: string;
  page: Page;
}

export interface Content {
  site: SiteConfig;
  pages: PageFile[];
  /** Pages taken down (`unpublished: true`): valid, kept in the repository, on no address. */
  unpublished: PageFile[];
  /** redirects.yaml's old addresses and where each leads (none without the file). */
  redirects: Redirect[];
}

export interface ValidationResult {
  errors: ContentError[];
  /**
   * Problems that do not stop the build but that an editor should act on soon (a job posting past
   * its closing date). They depend on today's date, so they must never fail CI.
   */
  warnings: ContentError[];
  /** Present only when there are no errors. */
  content?: Content;
  stats: { files: number; pages: number; blocks: number };
  /** Every YAML file read, so a dev server can watch them. */
  files: string[];
  /** Every image path the content refers to. */
  images: string[];
}

export const SITE_FILE = 'site.yaml';
export const PAGES_DIR = 'pages';

export { FileChecksCache, type FileChecksStore, type KeptFileChecks } from './fileChecksCache.ts';
export { expectedPathFor } from './pageRules.ts';
export { REDIRECTS_FILE } from './redirectRules.ts';

export interface ValidateOptions {
  /** The date the warnings are judged on, YYYY-MM-DD (default: today, UTC). */
  today?: string;
  /**
   * What the last runs found in each file, kept between runs: a file whose text has not changed is
   * not parsed and checked against its schema again; the checks across files (addresses, orders,
   * links) run every time. For whoever validates the same site again and again: the editor at
   * every keystroke and save, the dev server at every change.
   */
  cache?: FileChecksCache;
}

export function validateSite(source: ContentSource, options: ValidateOptions = {}): ValidationResult {
  const validator = source.validators;
  /** One file on its own: parsed, its schema line, its schema, the traps of its text (cached). */
  const checkFile = (
    file: string,
    text: string,
    schema: string,
    validate: (data: unknown) => ReturnType<SchemaValidators['page']>,
  ): FileChecks => {
    const check = (): FileChecks => {
      const yf = parseYamlText(text, file);
      const modeline = checkModeline(source.schemaDirs, yf, schema);
      if (yf.syntaxErrors.length) return { yf, modelineWarnings: modeline, trapErrors: [], trapWarnings: [] };
      const run = validate(yf.data);
      const traps = commentTraps(yf, source.schemas, schema, toContentErrors(yf, run.errors));
      return {
        yf,
        modelineWarnings: modeline,
        run: { valid: run.valid, links: run.links, images: run.images },
        trapErrors: traps.errors,
        trapWarnings: traps.warnings,
      };
    };
    return options.cache ? options.cache.checksOf(source, file, text, check) : check();
  };
  const errors: ContentError[] = [];
  const siteRel = SITE_FILE;
  const pageRels = source.pageFiles();
  const redirectsText = source.readText(REDIRECTS_FILE);
  const files = [siteRel, ...pageRels, ...(redirectsText === undefined ? [] : [REDIRECTS_FILE])];

  const marked: { file: YamlFile; links: MarkedValue[]; images: MarkedValue[]; anchors: Set<string> }[] = [];
  const modelineWarnings: ContentError[] = [];
  const textWarnings: ContentError[] = [];

  // site.yaml
  let site: SiteConfig | undefined;
  let siteYaml: YamlFile | undefined;
  const siteText = source.readText(siteRel);
  if (siteText === undefined) {
    errors.push({
      file: siteRel,
      line: 1,
      column: 1,
      ...placeOf([]),
      code: 'missing-file',
      message: 'site.yaml is missing.',
    });
  } else {
    const checked = checkFile(siteRel, siteText, SITE_SCHEMA, (data) => validator.site(data));
    const { yf, run } = checked;
    modelineWarnings.push(...checked.modelineWarnings);
    errors.push(...yf.syntaxErrors);
    if (run) {
      errors.push(...checked.trapErrors);
      textWarnings.push(...checked.trapWarnings);
      if (run.valid) {
        site = yf.data as SiteConfig;
        siteYaml = yf;
        errors.push(...formLabelErrors(yf));
      }
      marked.push({ file: yf, links: run.links, images: run.images, anchors: new Set() });
    }
  }

  // pages/
  const pages: PageFile[] = [];
  const unpublished: PageFile[] = [];
  const pageYaml = new Map<string, YamlFile>();
  /** Page files with a YAML syntax error: their content is unknown, their address is not. */
  const unreadable = new Map<string, YamlFile>();
  let blocks = 0;
  const defaultAnchors = blockDefaultAnchors(source.schemas);
  for (const rel of pageRels) {
    const checked = checkFile(rel, source.readText(rel) ?? '', PAGE_SCHEMA, (data) => validator.page(data));
    const { yf, run } = checked;
    modelineWarnings.push(...checked.modelineWarnings);
    errors.push(...yf.syntaxErrors);
    if (!run) {
      unreadable.set(rel, yf);
      continue;
    }
    errors.push(...checked.trapErrors);
    textWarnings.push(...checked.trapWarnings);
    const data = yf.data as Partial<Page> | undefined;
    const blockList = Array.isArray(data?.blocks) ? data.blocks : [];
    blocks += blockList.length;
    const anchors = new Set<string>();
    for (const b of blockList) {
      const explicit = (b as { anchor?: unknown }).anchor;
      const anchor = typeof explicit === 'string' ? explicit : defaultAnchors.get(String(b?.type));
      if (anchor) anchors.add(anchor);
    }
    marked.push({ file: yf, links: run.links, images: run.images, anchors });
    pageYaml.set(rel, yf);
    if (run.valid) (isTakenDown(data) ? unpublished : pages).push({ file: rel, page: yf.data as Page });
  }
  // A page taken down (unpublished: true) is checked as any page, so it can be published again, but
  // it serves no address: links to it are broken unless a redirect leads on from its address, and
  // its address and place in a list are free for another page.
  const livePageYaml = new Map(
    [...pageYaml].filter(([, yf]) => !isTakenDown(yf.data as Partial<Page> | null)),
  );
  if (!pageRels.length) {
    errors.push({
      file: PAGES_DIR,
      line: 1,
      column: 1,
      ...placeOf([]),
      code: 'no-pages',
      message: 'No page files found in pages/.',
    });
  }

  // Checks a schema cannot express. Addresses are taken from every page with a readable path, valid
  // or not, so one mistake in a page does not also break every link to it.
  const changedAt = (file: string) => source.changedAt?.(file);
  const addresses = checkAddresses(livePageYaml, pageRels, changedAt);
  errors.push(...addresses.errors, ...checkListingOrder(livePageYaml, pageRels, changedAt));
  const places = blockPlaces(source.schemas);
  for (const yf of pageYaml.values()) errors.push(...checkBlockPlaces(yf, places));
  for (const yf of livePageYaml.values()) errors.push(...checkPostingDates(yf));
  const routes = addresses.routes;
  // A shortened menu's last entry must lead to a page listing the whole collection. Before the link
  // check below, which then does not also say "goes to no page" at the same place.
  if (siteYaml) errors.push(...checkMenuPages(siteYaml, livePageYaml, routes, places));

  // A page that cannot be read still has an address: the one its place under pages/ gives it (and
  // the aliases written before the mistake). Links to it are not mistakes of their own.
  const knownRoutes = [...routes.keys()];
  // A page whose path is wrong is told to write the address of its file: links to that are fine.
  for (const file of livePageYaml.keys())
    if (!knownRoutes.includes(expectedPathFor(file))) knownRoutes.push(expectedPathFor(file));
  for (const [file, yf] of unreadable) {
    const partial = yf.partialData as { aliases?: unknown } | null | undefined;
    const aliases = Array.isArray(partial?.aliases) ? partial.aliases : [];
    for (const route of [expectedPathFor(file), ...aliases])
      if (typeof route === 'string' && !knownRoutes.includes(route)) knownRoutes.push(route);
  }

  // redirects.yaml (optional): its old addresses are addresses of the site too, so a link, a menu
  // entry or a card to one of them is not broken.
  let redirects: Redirect[] = [];
  if (redirectsText !== undefined) {
    const checked = checkFile(REDIRECTS_FILE, redirectsText, REDIRECTS_SCHEMA, (data) =>
      validator.redirects(data),
    );
    const { yf, run } = checked;
    modelineWarnings.push(...checked.modelineWarnings);
    errors.push(...yf.syntaxErrors);
    const readable = run ? yf.data : yf.partialData;
    if (run) {
      errors.push(...checked.trapErrors);
      textWarnings.push(...checked.trapWarnings);
      if (run.valid) redirects = (yf.data as Redirects).redirects;
      // Every address a page serves, even one that cannot be read, with the page serving it.
      const served = new Map(routes);
      for (const file of livePageYaml.keys())
        if (!served.has(expectedPathFor(file))) served.set(expectedPathFor(file), file);
      for (const [file, yf] of unreadable) {
        const aliases = (yf.partialData as { aliases?: unknown } | null | undefined)?.aliases;
        for (const route of [expectedPathFor(file), ...(Array.isArray(aliases) ? aliases : [])])
          if (typeof route === 'string' && !served.has(route)) served.set(route, file);
      }
      errors.push(...checkRedirects(yf, served));
    }
    for (const { from } of redirectEntries(readable)) if (!knownRoutes.includes(from)) knownRoutes.push(from);
  }

  const unreadableNote = unreadable.size
    ? ` If it is meant for a page of ${[...unreadable.keys()].join(', ')}, fix the YAML syntax error there first.`
    : '';
  // A value already wrong in form (a picture "x.gif") is not also looked for.
  const wrongForm = new Set(errors.map((e) => `${e.file}\n${e.where}`));
  const checked = (file: YamlFile, value: MarkedValue) =>
    !wrongForm.has(`${file.file}\n${readablePath(segmentsOf(value.instancePath))}`);
  for (const { file, links, images, anchors } of marked) {
    for (const link of links.filter((l) => checked(file, l))) {
      const problem = checkLink(link.value, knownRoutes, anchors, unreadableNote);
      if (problem) errors.push(at(file, link, problem));
    }
    for (const image of images.filter((i) => checked(file, i))) {
      if (!source.hasImage(image.value)) {
        errors.push(
          at(file, image, {
            code: 'missing-image',
            message: `Image "${image.value}" not found: there is no file public${image.value}.`,
          }),
        );
      }
    }
  }

  if (site) for (const [file, yf] of pageYaml) errors.push(...sharedTextErrors(file, yf, site));

  errors.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const warnings = [
    ...modelineWarnings,
    ...textWarnings,
    ...(site ? pages.flatMap(({ file, page }) => longTitle(file, page, site, pageYaml.get(file))) : []),
    ...pages.flatMap(({ file }) => {
      const yf = pageYaml.get(file);
      return yf ? expiredPostings(yf, today) : [];
    }),
  ].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  const result: ValidationResult = {
    errors,
    warnings,
    stats: { files: files.length, pages: pageRels.length, blocks },
    files,
    images: [...new Set(marked.flatMap((m) => m.images.map((i) => i.value)))].sort(),
  };
  if (!errors.length && site) result.content = { site, pages, unpublished, redirects };
  return result;
}

/** Search results cut titles near 70 characters; the template's words count too. */
export const TITLE_SHOWN_LENGTH = 70;

function longTitle(file: string, page: Page, site: SiteConfig, yf: YamlFile | undefined): ContentError[] {
  const shown = fullTitle(page, site);
  if (!yf || shown.length <= TITLE_SHOWN_LENGTH) return [];
  return [
    {
      ...yf.locate(['title']),
      file,
      ...placeOf(['title']),
      code: 'long-title',
      message: `The title shown is ${shown.length} characters ("${shown}"), and search results cut it after about ${TITLE_SHOWN_LENGTH}. Shorten the title by ${shown.length - TITLE_SHOWN_LENGTH} characters (site.yaml titleTemplate adds the company name).`,
    },
  ];
}

/** Text cards placed with `shared: name` must name a card of site.yaml `sharedText`. */
function sharedTextErrors(file: string, yf: YamlFile, site: SiteConfig): ContentError[] {
  const names = Object.keys(site.sharedText ?? {});
  const blocks = (yf.data as Partial<Page> | null)?.blocks;
  if (!Array.isArray(blocks)) return [];
  const out: ContentError[] = [];
  blocks.forEach((block, b) => {
    if (block?.type !== 'textCards' || !Array.isArray(block.cards)) return;
    block.cards.forEach((card, c) => {
      if (!('shared' in card) || typeof card.shared !== 'string' || names.includes(card.shared)) return;
      const where: (string | number)[] = ['blocks', b, 'cards', c, 'shared'];
      const known = names.length
        ? ` Shared texts in site.yaml: ${names.join(', ')}.`
        : ' site.yaml has no sharedText.';
      out.push({
        ...yf.locate(where),
        file,
        ...placeOf(where),
        code: 'unknown-shared-text',
        message: `There is no shared text "${card.shared}" in site.yaml sharedText.${didYouMean(card.shared, names) || known}`,
      });
    });
  });
  return out;
}

/**
 * Job postings whose `validThrough` date has passed: search engines drop such listings and a visitor
 * would apply for a job that is closed. Dates are YYYY-MM-DD (the schema says so), so they compare as text.
 */
function expiredPostings(yf: YamlFile, today: string): ContentError[] {
  const blocks = (yf.data as Partial<Page> | undefined)?.blocks ?? [];
  return blocks.flatMap((block, i) => {
    const until = (block as { posting?: { validThrough?: unknown } }).posting?.validThrough;
    if (typeof until !== 'string' || until >= today) return [];
    const where = ['blocks', i, 'posting', 'validThrough'];
    return [
      {
        file: yf.file,
        ...yf.locate(where),
        ...placeOf(where),
        code: 'posting-closed',
        message: `This job posting closed on ${until}: search engines drop it and visitors may apply for a closed job. Set a later date if the job is still open, or remove the page.`,
      },
    ];
  });
}

const MODELINE = /^#\s*yaml-language-server:\s*\$schema=(\S*)/;

/**
 * The first line `# yaml-language-server: $schema=<path>` lets an editor (VS Code with the YAML
 * extension) check the file as it is typed. The path is relative to the file, so a file copied to
 * a folder of another depth silently loses that help: warn, and give the line to write.
 */
function checkModeline(schemaDirs: readonly string[], yf: YamlFile, schemaName: string): ContentError[] {
  const fileDir = dirname(yf.file);
  const candidates = schemaDirs.map((dir) => normalize(join(dir, schemaName)));
  let suggested = relative(fileDir, candidates[0] ?? join('schema', schemaName));
  if (!suggested.startsWith('.')) suggested = `./${suggested}`;
  const expectedLine = `# yaml-language-server: $schema=${suggested}`;

  const lines = yf.text.split('\n');
  const index = lines.findIndex((l) => MODELINE.test(l));
  if (index < 0) {
    return [
      {
        file: yf.file,
        line: 1,
        column: 1,
        ...placeOf([]),
        code: 'schema-line-missing',
        message: `The file does not begin with the line that lets an editor check it as you type. Add this as its first line:\n    ${expectedLine}`,
      },
    ];
  }
  const value = MODELINE.exec(lines[index] ?? '')?.[1] ?? '';
  if (value && !/^[a-z]+:/i.test(value) && candidates.includes(normalize(join(fileDir, value)))) return [];
  return [
    {
      file: yf.file,
      line: index + 1,
      column: (lines[index] ?? '').indexOf('$schema=') + '$schema='.length + 1,
      ...placeOf([]),
      code: 'schema-line-wrong',
      message: `The editor's schema line points to "${value}", which is not schema/${schemaName} seen from this file's folder (was the file copied from a folder at another depth?). Change the line to:\n    ${expectedLine}`,
    },
  ];
}

function at(file: YamlFile, marked: MarkedValue, problem: LinkProblem): ContentError {
  const segments = segmentsOf(marked.instancePath);
  return { file: file.file, ...file.locate(segments), ...placeOf(segments), ...problem };
}

const FOOTER_ANCHOR = 'contactus';

interface LinkProblem {
  code: string;
  message: string;
}

/** `unknownRouteNote` ends the message of a link to no page (it may be to a page that cannot be read). */
function checkLink(
  value: string,
  routes: string[],
  anchors: Set<string>,
  unknownRouteNote: string,
): LinkProblem | undefined {
  if (/^(https?:|mailto:|tel:)/.test(value)) {
    return value.startsWith('http:')
      ? { code: 'insecure-link', message: `Use a secure address: "https:${value.slice(5)}".` }
      : undefined;
  }
  if (value.startsWith('#')) {
    const name = value.slice(1);
    if (name === FOOTER_ANCHOR || anchors.has(name)) return undefined;
    return {
      code: 'no-such-anchor',
      message: `Nothing on this page is called "${value}".${didYouMean(name, [FOOTER_ANCHOR, ...anchors].map(String))} Use "#contactus" for the footer.`,
    };
  }
  if (value.startsWith('/')) {
    const route = value.split('#')[0] ?? value;
    if (!routes.length || routes.includes(route)) return undefined;
    return {
      code: 'no-such-page',
      message: `Link "${value}" goes to no page: no file in pages/ has this path or alias.${didYouMean(route, routes)}${unknownRouteNote}`,
    };
  }
  return {
    code: 'bad-link',
    message: `Link "${value}" should start with "/" (a page of this site), "#", "https://", "mailto:" or "tel:".`,
  };
}

/** Blocks whose schema gives `anchor` a default (e.g. demoForm -> "demo") can be linked to with #name. */
function blockDefaultAnchors(schemas: readonly SchemaFile[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of blockSchemaFiles(schemas)) {
    const props = (f.schema.properties ?? {}) as Record<string, { default?: unknown }>;
    if (typeof props.anchor?.default === 'string') out.set(blockTypeOf(f.relPath), props.anchor.default);
  }
  return out;
}
