// @vitest-environment node
/**
 * redirects.yaml as `npm run validate` and the editor check it: each refusal placed at the line and
 * column of the value to change, in words that say what to write instead; a link to an old address
 * is not a broken link.
 */
import { describe, expect, it } from 'vitest';
import { repositoryContent } from '../../tests/support/repositoryContent.ts';
import { bundledSchemas } from './bundledSchemas.ts';
import { formatError } from './formatErrors.ts';
import { memorySource } from './memorySource.ts';
import { REDIRECTS_FILE, validateSite } from './validateSite.ts';

const TODAY = '2026-11-24';
const HEAD = '# yaml-language-server: $schema=./schema/redirects.schema.json\nredirects:\n';

/** The repository's content with this redirects.yaml (and pages changed by `edit`). */
function validateWith(redirects: string | undefined, edit?: (files: Map<string, string>) => void) {
  const { files, images } = repositoryContent();
  if (redirects === undefined) files.delete(REDIRECTS_FILE);
  else files.set(REDIRECTS_FILE, redirects);
  edit?.(files);
  return validateSite(memorySource({ files, images, schemas: bundledSchemas }), { today: TODAY });
}

/** Line and column (from 1) of the `nth` (from 1) occurrence of `value` in `text`. */
function placeOf(text: string, value: string, nth = 1) {
  let index = -1;
  for (let i = 0; i < nth; i++) index = text.indexOf(value, index + 1);
  if (index < 0) throw new Error(`"${value}" is not in the text`);
  const before = text.slice(0, index).split('\n');
  return { line: before.length, column: (before.at(-1) ?? '').length + 1 };
}

const redirectErrors = (result: ReturnType<typeof validateSite>) =>
  result.errors.filter((e) => e.file === REDIRECTS_FILE);

describe('redirects.yaml', () => {
  it('is optional, and the shipped one is valid and changes nothing the site serves', () => {
    const without = validateWith(undefined);
    expect(without.errors).toEqual([]);
    expect(without.content?.redirects).toEqual([]);
    const shipped = validateWith(repositoryContent().files.get(REDIRECTS_FILE));
    expect(shipped.errors).toEqual([]);
    expect(shipped.files).toContain(REDIRECTS_FILE);
    expect(shipped.content?.redirects).toEqual([]);
  });

  it('hands valid redirects to the content, as written', () => {
    const text = `${HEAD}  - from: /careers/qa-engineer\n    to: /careers\n    note: Filled in March.\n  - { from: /about-us.html, to: /about }\n`;
    const result = validateWith(text);
    expect(result.errors).toEqual([]);
    expect(result.content?.redirects).toEqual([
      { from: '/careers/qa-engineer', to: '/careers', note: 'Filled in March.' },
      { from: '/about-us.html', to: '/about' },
    ]);
  });

  it('refuses a loop, at the target to change', () => {
    const text = `${HEAD}  - { from: /old-a, to: /old-b }\n  - { from: /old-b, to: /old-a }\n  - { from: /same, to: /same }\n`;
    const errors = redirectErrors(validateWith(text));
    expect(errors.map((e) => e.code)).toEqual(['redirect-loop', 'redirect-loop', 'redirect-loop']);
    const [first, , itself] = errors;
    expect(first).toMatchObject({
      file: REDIRECTS_FILE,
      ...placeOf(text, '/old-b'),
      where: 'redirects[0].to',
    });
    expect(first?.message).toBe(
      'The redirects "/old-a" → "/old-b" → "/old-a" form a loop: visitors would be sent round and round and never reach a page. Point one of them at the address of a page.',
    );
    expect(itself).toMatchObject({ ...placeOf(text, '/same', 2), where: 'redirects[2].to' });
    expect(itself?.message).toContain('sends "/same" to itself');
  });

  it('refuses a chain, and says which address to write instead', () => {
    const text = `${HEAD}  - { from: /old-a, to: /old-b }\n  - { from: /old-b, to: /services/iot }\n`;
    const errors = redirectErrors(validateWith(text));
    expect(errors).toHaveLength(1);
    expect(formatError(errors[0] ?? ({} as never))).toContain(
      `${REDIRECTS_FILE}:${placeOf(text, '/old-b').line}:${placeOf(text, '/old-b').column}`,
    );
    expect(errors[0]).toMatchObject({ code: 'redirect-chain', where: 'redirects[0].to' });
    expect(errors[0]?.message).toBe(
      '"/old-b" is itself redirected (line 4), so visitors would be redirected more than once: "/old-a" → "/old-b" → "/services/iot". Write to: /services/iot instead, so they are sent there at once.',
    );
  });

  it('refuses a target that no page has, with the nearest address', () => {
    const text = `${HEAD}  - { from: /iot, to: /services/iott }\n`;
    const [error, ...more] = redirectErrors(validateWith(text));
    expect(more).toEqual([]);
    expect(error).toMatchObject({
      code: 'redirect-to-nowhere',
      ...placeOf(text, '/services/iott'),
      where: 'redirects[0].to',
    });
    expect(error?.message).toBe(
      'No page has the address "/services/iott", so visitors would be sent to the "page not found" page. Did you mean "/services/iot"? Write the address of a page of this site.',
    );
  });

  it('refuses a redirect from an address a live page serves (its path or an alias)', () => {
    const text = `${HEAD}  - { from: /about, to: /privacy }\n  - { from: /careers, to: /about }\n`;
    const errors = redirectErrors(validateWith(text));
    expect(errors.map((e) => [e.code, e.line, e.column, e.where])).toEqual([
      ['redirect-over-page', ...Object.values(placeOf(text, '/about')), 'redirects[0].from'],
      ['redirect-over-page', ...Object.values(placeOf(text, '/careers')), 'redirects[1].from'],
    ]);
    expect(errors[0]?.message).toBe(
      '"/about" is an address of the live page pages/about.yaml, so visitors see that page and are never redirected. Remove this redirect, or take the page down (remove "/about" from pages/about.yaml) first.',
    );
    expect(errors[1]?.message).toContain('pages/careers/customer-support.yaml');
  });

  it('refuses an old address written twice, on the second', () => {
    const text = `${HEAD}  - { from: /old, to: /about }\n  - { from: /old, to: /privacy }\n`;
    const errors = redirectErrors(validateWith(text));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      code: 'duplicate-redirect',
      ...placeOf(text, '/old', 2),
      where: 'redirects[1].from',
    });
    expect(errors[0]?.message).toBe(
      '"/old" is already redirected on line 3 (to "/about"), so this entry would never be used. Keep one of the two entries.',
    );
  });

  it('refuses an address of another site, or an old address not written from the site root', () => {
    const text = `${HEAD}  - { from: old, to: https://example.com/x }\n`;
    const errors = redirectErrors(validateWith(text));
    expect(errors.map((e) => e.where).sort()).toEqual(['redirects[0].from', 'redirects[0].to']);
    expect(errors.find((e) => e.where === 'redirects[0].to')?.message).toContain(
      'an address of another site cannot be a redirect',
    );
  });

  it('accepts a menu entry and a link on a page to an old address: it still leads somewhere', () => {
    const text = `${HEAD}  - { from: /old-about, to: /about }\n  - { from: /old-products, to: /products }\n`;
    const linking = (files: Map<string, string>) => {
      const site = files.get('site.yaml') ?? '';
      const home = files.get('pages/index.yaml') ?? '';
      expect(site).toContain('link: /about\n');
      expect(home).toContain('link: /products\n');
      files.set('site.yaml', site.replace('link: /about\n', 'link: /old-about\n'));
      files.set('pages/index.yaml', home.replace('link: /products\n', 'link: /old-products\n'));
    };
    expect(validateWith(text, linking).errors).toEqual([]);
    // Without the redirects, the same links go to no page.
    const broken = validateWith(`${HEAD.replace('redirects:\n', 'redirects: []\n')}`, linking).errors;
    expect(broken.map((e) => [e.file, e.code])).toEqual([
      ['pages/index.yaml', 'no-such-page'],
      ['site.yaml', 'no-such-page'],
    ]);
  });
});
