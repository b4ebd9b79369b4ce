/**
 * The <head> of each page, from its YAML and site.yaml: title, description, canonical address,
 * Open Graph and Twitter card. The pre-renderer writes these tags into the HTML; on the client,
 * `applyHead` updates them after each navigation.
 */
import { fullTitle, type Page, type RouteEntry, type SiteConfig } from '../content/model.ts';

export const DEFAULT_SHARE_IMAGE = '/images/brand/og-image.jpg';

export interface HeadTag {
  tag: 'meta' | 'link';
  attrs: Record<string, string>;
}

export interface Head {
  title: string;
  tags: HeadTag[];
}

export function headFor(route: RouteEntry, page: Page, site: SiteConfig): Head {
  const canonical = `${site.url}${route.canonicalPath === '/' ? '/' : route.canonicalPath}`;
  const image = `${site.url}${page.image ?? DEFAULT_SHARE_IMAGE}`;
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
    meta('property', 'og:image', image),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', image),
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
  // An alias page has a canonical link; the 404 page has robots instead: drop the one that no longer applies.
  for (const selector of ['link[rel="canonical"]', 'meta[name="robots"]']) {
    const el = doc.head.querySelector(selector);
    if (el && !wanted.has(el)) el.remove();
  }
}
