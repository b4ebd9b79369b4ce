/**
 * ARIA attributes that name other elements by id (aria-controls, aria-labelledby, …): a name with
 * no element behind it is invalid ARIA (axe's aria-valid-attr-value, for most of them), and a
 * screen reader then has nothing to announce or move to.
 */
import type { Page } from 'playwright-core';

/** Every ARIA attribute whose value is a list of ids. */
export const ID_REFERENCE_ATTRIBUTES = [
  'aria-activedescendant',
  'aria-controls',
  'aria-describedby',
  'aria-details',
  'aria-errormessage',
  'aria-flowto',
  'aria-labelledby',
  'aria-owns',
] as const;

/**
 * The references on the page (within `scope`, a CSS selector; the whole document by default) that
 * name an id no element of the document has, one line each: `<button aria-controls="x">`.
 * Also returns how many references were checked, so a test can tell that it checked some.
 */
export function danglingReferences(
  page: Page,
  scope = 'html',
): Promise<{ checked: number; dangling: string[] }> {
  return page.evaluate(
    ({ attributes, selector }) => {
      const dangling: string[] = [];
      let checked = 0;
      for (const root of document.querySelectorAll(selector))
        for (const attribute of attributes)
          for (const element of [root, ...root.querySelectorAll(`[${attribute}]`)]) {
            const value = element.getAttribute(attribute);
            if (value === null) continue;
            for (const id of value.split(/\s+/).filter(Boolean)) {
              checked++;
              if (!document.getElementById(id))
                dangling.push(`<${element.tagName.toLowerCase()} ${attribute}="${id}">`);
            }
          }
      return { checked, dangling };
    },
    { attributes: [...ID_REFERENCE_ATTRIBUTES], selector: scope },
  );
}
