/**
 * Take down (issue 35): a page leaves the site, and its address leads on to another page. One
 * change of two files, saved as one commit: the page file is marked `unpublished: true` (kept in the
 * repository, so it can be published again), and redirects.yaml gains a redirect from its address,
 * with any earlier redirect to that address pointed at the new target, so no chain forms. The
 * validator checks the two together before anything is written; Publish then puts it live.
 */
import { parse, stringify } from 'yaml';
import type { Redirect } from '../../src/content/model.ts';
import type { Json } from './yaml/json.ts';
import { writeYaml } from './yaml/writeYaml.ts';

export const takeDownMessages = {
  notAPage: 'Only a page can be taken down.',
  alreadyDown: 'This page is already taken down.',
  notDown: 'This page is on the site already.',
  badTarget: 'Choose the page its address should lead to now, such as /careers.',
  toItself: 'A page taken down cannot lead to its own address. Choose another page.',
  changed:
    'Someone saved this page after you opened it. Open it again to see their changes, then take it down.',
  aliases: (aliases: readonly string[]) =>
    `This page also answers at ${aliases.join(' and ')}. Choose the page that answers at ${aliases.length === 1 ? 'that address' : 'each of them'} from now on.`,
  badHolder: (alias: string) =>
    `The page chosen to answer at ${alias} is not on the site. Choose another page.`,
  notSaved: (n: number) =>
    `Not taken down: the change would leave the content with ${n} problem${n === 1 ? '' : 's'}.`,
};

const SCHEMA_LINE = '# yaml-language-server: $schema=./schema/redirects.schema.json';

/** The page's text marked taken down: one line after its address, the rest untouched. */
export function takenDownText(pageText: string): string {
  if (/^unpublished:/m.test(pageText)) return pageText.replace(/^unpublished:.*$/m, 'unpublished: true');
  return pageText.replace(/^path: .*$/m, (line) => `${line}\nunpublished: true`);
}

/**
 * redirects.yaml (its text, or none yet) with a redirect from `from` to `to`, earlier redirects to
 * `from` now leading to `to` too (Take down and Change address both write it). Comments and
 * layout are kept; an empty `[]` list becomes a list of lines, one entry after another, as people
 * write them.
 */
export function redirectsTextWith(text: string | undefined, from: string, to: string): string {
  const current =
    text === undefined ? [] : ((parse(text) as { redirects?: Redirect[] } | null)?.redirects ?? []);
  // A redirect from `to` is dropped: `to` is served by a page now (one moved back to an old address).
  const redirects = [
    ...current.filter((r) => r.from !== to).map((r) => (r.to === from ? { ...r, to } : r)),
    { from, to },
  ];
  const block = stringify({ redirects }, { lineWidth: 0 });
  if (text === undefined) return `${SCHEMA_LINE}\n${block}`;
  if (/^redirects:[ \t]*\[\][ \t]*$/m.test(text))
    return text.replace(/^redirects:[ \t]*\[\][ \t]*$/m, block.trimEnd());
  const json: Json = {
    redirects: redirects.map(({ from: f, to: t, note }): Json => {
      const entry: { [key: string]: Json } = { from: f, to: t };
      if (note !== undefined) entry.note = note;
      return entry;
    }),
  };
  return writeYaml(text, json);
}

/**
 * Put back (the inverse of Take down): the page's text without its `unpublished` line, so it is on
 * the site again at its address, and without its schedule's Take down at (a time passed would take
 * it down again at once; a new one is set in the page's details).
 */
export function putBackText(pageText: string): string {
  const text = pageText.replace(/^unpublished:.*\n?/m, '');
  const data = parse(text) as { [key: string]: Json } | null;
  const schedule = data?.schedule;
  if (
    !data ||
    !schedule ||
    typeof schedule !== 'object' ||
    Array.isArray(schedule) ||
    !('takeDownAt' in schedule)
  )
    return text;
  const { takeDownAt: _passed, ...rest } = schedule;
  return writeYaml(
    text,
    Object.keys(rest).length ? { ...data, schedule: rest } : without(data, ['schedule']),
  );
}

/** redirects.yaml's text without the redirect from `from` (the address a page serves again). */
export function redirectsTextWithout(text: string, from: string): string {
  const current = (parse(text) as { redirects?: Redirect[] } | null)?.redirects ?? [];
  const kept = current.filter((r) => r.from !== from);
  if (kept.length === current.length) return text;
  const json: Json = {
    redirects: kept.map(({ from: f, to: t, note }): Json => {
      const entry: { [key: string]: Json } = { from: f, to: t };
      if (note !== undefined) entry.note = note;
      return entry;
    }),
  };
  return writeYaml(text, json);
}

/** The page's data without `keys` (a page taken down gives its other addresses away). */
function without(data: { [key: string]: Json }, keys: readonly string[]): { [key: string]: Json } {
  return Object.fromEntries(Object.entries(data).filter(([k]) => !keys.includes(k)));
}

/** The taken-down page's text without its other addresses (they now belong to other pages). */
export function withoutAliasesText(pageText: string): string {
  const data = parse(pageText) as { [key: string]: Json };
  return 'aliases' in data ? writeYaml(pageText, without(data, ['aliases'])) : pageText;
}

/**
 * A page's text answering at `alias` too: added to its `aliases`, or, for a page with none, a line
 * `aliases: [/careers]` after its `path`, as the site's pages write it.
 */
export function withAliasText(pageText: string, alias: string): string {
  const data = parse(pageText) as { [key: string]: Json };
  if (!Array.isArray(data.aliases))
    return pageText.replace(/^path:.*$/m, (line) => `${line}\naliases: [${alias}]`);
  if (data.aliases.includes(alias)) return pageText;
  return writeYaml(pageText, { ...data, aliases: [...data.aliases, alias] });
}
