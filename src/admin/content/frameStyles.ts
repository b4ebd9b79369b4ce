/**
 * The site's stylesheets inside a preview frame: the editor's own sheets (the blocks' CSS modules
 * arrive as their code loads) are mirrored into the frame, the staff app's global sheet without its
 * rules for bare elements. Shared by the page preview (Preview.tsx) and Site settings' preview
 * (SiteSectionPreview.tsx).
 */

/**
 * The staff app's global stylesheet (src/admin/admin.css, known by its `--ink` colour) styles bare
 * elements for its own screens (`dl` as a white box, `h1`, `table`, `body`); the site's blocks use
 * the same elements, so those rules must not reach the preview (they drew the job tiles as empty
 * white boxes). Its other rules (classes) cannot match anything there and may stay.
 */
function isStaffSheet(sheet: CSSStyleSheet | null): sheet is CSSStyleSheet {
  try {
    return [...(sheet?.cssRules ?? [])].some(
      (r) =>
        'selectorText' in r &&
        r.selectorText === ':root' &&
        (r as CSSStyleRule).style.getPropertyValue('--ink'),
    );
  } catch {
    return false; // a stylesheet from elsewhere, whose rules cannot be read: not the staff app's
  }
}

const ELEMENTS_ONLY = /^(:root|[a-z][a-z0-9]*)(\s*,\s*(:root|[a-z][a-z0-9]*))*$/;

/** The text of a staff stylesheet without its rules for bare elements (also inside @media). */
function withoutElementRules(rules: CSSRuleList): string {
  return [...rules]
    .map((rule) => {
      if ('selectorText' in rule && ELEMENTS_ONLY.test(String(rule.selectorText).trim())) return '';
      if ('media' in rule && 'cssRules' in rule)
        return `@media ${(rule as CSSMediaRule).media.mediaText} { ${withoutElementRules((rule as CSSMediaRule).cssRules)} }`;
      return rule.cssText;
    })
    .join('\n');
}

/** Copies the editor's stylesheets (the blocks' CSS modules arrive as their code loads) into the frame. */
export function mirrorStyles(into: Document): () => void {
  const copies = new Map<Node, Node>();
  const copy = (node: Node) => {
    if (!(node instanceof HTMLStyleElement || (node instanceof HTMLLinkElement && node.rel === 'stylesheet')))
      return;
    if (copies.has(node)) return;
    const sheet = node.sheet;
    let clone: Node;
    if (isStaffSheet(sheet)) {
      const style = into.createElement('style');
      style.textContent = withoutElementRules(sheet.cssRules);
      clone = style;
    } else clone = into.importNode(node, true);
    copies.set(node, clone);
    into.head.insertBefore(clone, into.getElementById('site-globals'));
  };
  for (const node of document.querySelectorAll('style, link[rel=stylesheet]')) copy(node);
  const observer = new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) copy(n);
  });
  observer.observe(document.head, { childList: true });
  return () => observer.disconnect();
}
