/**
 * Whether an uploaded SVG may be published, decided by parsing it, never by patterns over its text:
 * the file is read as XML (as a browser reads an SVG file), and DOMPurify, on jsdom, walks that
 * tree with its SVG allowlist of elements and attributes. Anything it would remove (a script, in
 * any namespace; an animation that sets a handler; a javascript: link, however encoded; HTML
 * inside the picture) refuses the upload with a message naming it, so nothing of a picture is lost
 * without the uploader knowing. What is stored is the checked tree written out again, not the
 * bytes sent, so no difference between two parsers can bring back what was checked away; only
 * what draws nothing is dropped on the way (the XML declaration, a DOCTYPE and its external DTD,
 * comments, processing instructions).
 * DOMPurify does not read CSS, so styles are checked here: no CSS escape (it could spell url( in
 * disguise), and url(), @import and image functions may only point inside the SVG.
 */
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';
const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

export type SvgResult = { svg: string } | { problem: string };

export const svgMessages = {
  notXml: (detail: string) =>
    `The SVG cannot be read: it is not well-formed XML (${detail}). Save it again from the drawing program and upload that file.`,
  notSvg: (name: string) => `The file's outer element is <${name}>, not the <svg> of an SVG picture.`,
  entities:
    'The SVG declares XML entities (<!ENTITY …>), which are not allowed. Save it without a DOCTYPE and upload it again.',
  removed: (what: string) =>
    `The SVG contains ${what}, which a picture on the site may not have (only shapes, text, gradients, filters and styles are allowed). Remove it, or save the file as a plain or optimised SVG, and upload it again.`,
  reference: (target: string) =>
    `The SVG refers to another file (${target}); only references inside the SVG (#id) and embedded PNG, JPEG, GIF or WebP pictures are allowed.`,
  cssEscape:
    'The SVG’s styles use a CSS escape (a backslash), which could hide a link to another file. Write the characters themselves and upload it again.',
  cssImport: 'The SVG imports a style sheet (@import), which is not allowed.',
  cssUrl: (target: string) =>
    `The SVG loads something from elsewhere (${target}); only references inside the SVG (url(#id)) are allowed.`,
};

let purifier: { purify: DOMPurify; window: JSDOM['window'] } | undefined;

/** One jsdom window and DOMPurify for the process (a window takes tens of milliseconds to make). */
function tools() {
  if (!purifier) {
    const { window } = new JSDOM('');
    purifier = { purify: createDOMPurify(window as unknown as Window & typeof globalThis), window };
  }
  return purifier;
}

/** What DOMPurify took out and that draws something (its own wrapper, comments and namespace declarations draw nothing). */
function meaningfulRemoval(removed: DOMPurify['removed']): string | undefined {
  for (const item of removed) {
    if ('element' in item) {
      const node = item.element;
      if (node.nodeType === 8 || node.nodeType === 7) continue; // comment, processing instruction
      if (node.nodeName === 'BODY') continue; // DOMPurify's own wrapper
      // An HTML element's nodeName is upper case in DOMPurify's document; a prefixed one keeps its prefix.
      const element = node as Element;
      return `the element <${element.namespaceURI === XHTML_NAMESPACE ? element.localName : node.nodeName}>`;
    }
    const { attribute, from } = item;
    if (!attribute) continue;
    if (attribute.namespaceURI === XMLNS_NAMESPACE || /^xmlns(:|$)/.test(attribute.name)) continue;
    const value = attribute.value.length > 60 ? `${attribute.value.slice(0, 60)}…` : attribute.value;
    return `the attribute ${attribute.name}="${value}" on <${from.nodeName}>`;
  }
  return undefined;
}

const EMBEDDED_PICTURE = /^data:image\/(png|jpeg|gif|webp);/i;

/** A reference from an attribute: inside the SVG, or an embedded raster picture on <image>. */
function referenceProblem(element: Element, value: string): string | undefined {
  const target = value.trim();
  if (target.startsWith('#')) return undefined;
  if (element.localName === 'image' && EMBEDDED_PICTURE.test(target)) return undefined;
  return svgMessages.reference(target.length > 80 ? `${target.slice(0, 80)}…` : target);
}

/**
 * CSS (a style attribute, a presentation attribute such as fill, or a <style> element). Without
 * escapes, a function or an at-rule can only be spelt one way, so these few checks are complete.
 */
export function cssProblem(css: string): string | undefined {
  if (css.includes('\\')) return svgMessages.cssEscape;
  if (/@import/i.test(css)) return svgMessages.cssImport;
  for (const m of css.matchAll(/url\(\s*(['"]?)(.*?)\1\s*\)/gi))
    if (!(m[2] ?? '').trim().startsWith('#')) return svgMessages.cssUrl(m[0]);
  // Functions that take a picture's address as a plain string.
  const loader = /(?:-webkit-)?(?:image-set|image|src|cross-fade)\(/i.exec(css);
  if (loader) return svgMessages.cssUrl(loader[0]);
  return undefined;
}

function ownProblems(root: Element): string | undefined {
  for (const element of [root, ...root.querySelectorAll('*')]) {
    for (const attribute of element.attributes) {
      const problem =
        attribute.localName === 'href'
          ? referenceProblem(element, attribute.value)
          : attribute.name.startsWith('data-')
            ? undefined
            : cssProblem(attribute.value);
      if (problem) return problem;
    }
    if (element.localName === 'style') {
      const problem = cssProblem(element.textContent ?? '');
      if (problem) return problem;
    }
  }
  return undefined;
}

/** The SVG to store (the checked tree, written out), or why it may not be published. */
export function sanitizeSvg(text: string): SvgResult {
  const source = text.replace(/^\uFEFF/, '');
  // An internal DTD subset can define entities that a browser expands into markup (and the XML
  // parser here does not), so a file with one is refused rather than read two ways.
  if (/<!ENTITY/i.test(source)) return { problem: svgMessages.entities };
  const { purify, window } = tools();
  const parsed = new window.DOMParser().parseFromString(source, 'image/svg+xml');
  const root = parsed.documentElement;
  if (root.localName === 'parsererror') return { problem: svgMessages.notXml(root.textContent ?? '') };
  if (root.namespaceURI !== SVG_NAMESPACE || root.localName !== 'svg')
    return { problem: svgMessages.notSvg(root.nodeName) };

  // CDATA (common around <style> text) is plain text to a browser; DOMPurify's HTML document
  // cannot hold a CDATA node, so each becomes the text it holds.
  const walker = parsed.createTreeWalker(root, 0x8 /* NodeFilter.SHOW_CDATA_SECTION */);
  const sections: Node[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) sections.push(node);
  for (const node of sections)
    node.parentNode?.replaceChild(parsed.createTextNode(node.nodeValue ?? ''), node);

  const body = purify.sanitize(root, {
    USE_PROFILES: { svg: true, svgFilters: true },
    // <use> shows another part of the same picture; its reference is held to #id below.
    ADD_TAGS: ['use'],
    RETURN_DOM: true,
  });
  const removed = meaningfulRemoval(purify.removed);
  if (removed) return { problem: svgMessages.removed(removed) };
  const clean = (body as Element).firstElementChild; // RETURN_DOM gives the wrapper <body>
  if (!clean) return { problem: svgMessages.removed('nothing that can be drawn') };
  const problem = ownProblems(clean);
  if (problem) return { problem };
  return { svg: `${new window.XMLSerializer().serializeToString(clean)}\n` };
}
