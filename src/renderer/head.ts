/**
 * The <head> of each page, from its YAML and site.yaml: title, description, canonical address,
 * Open Graph and Twitter card. The pre-renderer writes these tags into the HTML; on the client,
 * `applyHead` updates them after each navigation.
 */
import { fullTitle, type Page, type RouteEntry, type SiteConfig } from '../content/model.ts';

/** Size of the sharing card the build draws for every page (scripts/build/socialCards.ts). */
export const SOCIAL_CARD_SIZE = { width: 1200, height: 630 } as const;

/**
 * Where the build writes a page's sharing card: /cards/careers/app-developer.jpg for
 * /careers/app-developer, /cards/index.jpg for the home page. One card per page file, so an alias
 * shares its page's card.
 */
export function socialCardPath(pagePath: string): string {
  return `/cards${pagePath === '/' ? '/index' : pagePath}.jpg`;
}

/**
 * The picture shown when the page is shared: the one the page names in its YAML (`image:`), else
 * its own card. Width and height are given when known (a YAML picture's come from the build's
 * image sizes), so a network can lay the preview out before it has the picture.
 */
export function shareImageOf(
  page: Pick<Page, 'path' | 'title' | 'image'>,
  site: Pick<SiteConfig, 'url' | 'company'>,
  imageSizes: Readonly<Record<string, readonly [number, number]>> = {},
): { url: string; width?: number; height?: number; alt: string } {
  const alt = `${page.title}: ${site.company.name}`;
  if (page.image) {
    const size = imageSizes[page.image];
    return { url: `${site.url}${page.image}`, ...(size && { width: size[0], height: size[1] }), alt };
  }
  return { url: `${site.url}${socialCardPath(page.path)}`, ...SOCIAL_CARD_SIZE, alt };
}

export interface HeadTag {
  tag: 'meta' | 'link';
  attrs: Record<string, string>;
}

export interface Head {
  title: string;
  tags: HeadTag[];
}

export function headFor(
  route: RouteEntry,
  page: Page,
  site: SiteConfig,
  imageSizes: Readonly<Record<string, readonly [number, number]>> = {},
): Head {
  const canonical = `${site.url}${route.canonicalPath === '/' ? '/' : route.canonicalPath}`;
  const image = shareImageOf(page, site, imageSizes);
  const meta = (key: 'name' | 'property', name: string, content: string): HeadTag => ({
    tag: 'meta',
    attrs: { [key]: name, content },
  });
  const tags: HeadTag[] = [
    meta('name', 'description', page.description),
    ...(route.noindex
      ? [meta('name', 'robots', 'noindex')]
      : [{ tag: 'link' as const, attrs: { rel: 'canonical', href: canonical } }]),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', site.company.name),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', image.url),
    ...(image.width && image.height
      ? [
          meta('property', 'og:image:width', String(image.width)),
          meta('property', 'og:image:height', String(image.height)),
        ]
      : []),
    meta('property', 'og:image:alt', image.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', image.url),
    meta('name', 'twitter:image:alt', image.alt),
  ];
  return { title: fullTitle(page, site), tags };
}

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function headToHtml(head: Head): string {
  const tags = head.tags.map(
    ({ tag, attrs }) =>
      `<${tag} ${Object.entries(attrs)
        .map(([k, v]) => `${k}="${escapeAttr(v)}"`)
        .join(' ')}>`,
  );
  return [`<title>${escapeAttr(head.title)}</title>`, ...tags].join('\n    ');
}

/** Client side: make document.head match `head` (tags are found by their name/property/rel). */
export function applyHead(head: Head, doc: Document = document): void {
  doc.title = head.title;
  const wanted = new Set<Element>();
  for (const { tag, attrs } of head.tags) {
    const keyAttr = 'name' in attrs ? 'name' : 'property' in attrs ? 'property' : 'rel';
    const selector = `${tag}[${keyAttr}="${attrs[keyAttr]}"]`;
    let el = doc.head.querySelector(selector);
    if (!el) {
      el = doc.createElement(tag);
      doc.head.appendChild(el);
    }
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    wanted.add(el);
  }
  // An alias page has a canonical link; the 404 page has robots instead; a YAML picture of unknown
  // size has no width and height: drop the one that no longer applies.
  for (const selector of [
    'link[rel="canonical"]',
    'meta[name="robots"]',
    'meta[property="og:image:width"]',
    'meta[property="og:image:height"]',
  ]) {
    const el = doc.head.querySelector(selector);
    if (el && !wanted.has(el)) el.remove();
  }
}
