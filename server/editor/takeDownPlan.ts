/**
 * What taking a page down writes (takeDown.ts has the texts): the page marked (or deleted), redirects.yaml with
 * the redirect from its address, and each of its other addresses handed to the page chosen for it;
 * checked whole by the validator. Shared by POST /take-down and the closing of job openings
 * (schedules/runSchedules.ts); a refusal is a status and words, never a half-made change.
 */
import { parse } from 'yaml';
import { isTakenDown } from '../../src/content/model.ts';
import { REDIRECTS_FILE } from '../../src/validator/redirectRules.ts';
import { ContentPathError, resolveContentFile } from './contentPath.ts';
import { readContentFile } from './contentStore.ts';
import {
  putBackText,
  redirectsTextWith,
  redirectsTextWithout,
  takeDownMessages,
  takenDownText,
  withAliasText,
  withoutAliasesText,
} from './takeDown.ts';
import { type EditorError, problemsAfterWrites } from './validateWrite.ts';
import { refusalMessage } from './writeTogether.ts';

export interface PageHead {
  path?: string;
  title?: string;
  aliases?: string[];
  unpublished?: boolean;
}

export interface TakeDownWrites {
  /**
   * Every file it writes, the page first (undefined: deleted), then redirects.yaml, then the pages
   * given its addresses.
   */
  writes: Map<string, string | undefined>;
  subject: string;
}

export interface TakeDownRefusal {
  status: number;
  message: string;
  errors?: EditorError[];
}

/**
 * Plans taking `file` (whose current text is `text`) down, its address leading to `to` and each of
 * its other addresses to the page file `aliasesTo` names.
 */
export function planTakeDown(
  root: string,
  file: string,
  text: string,
  to: string,
  aliasesTo: Readonly<Record<string, unknown>>,
  /** Delete the file instead of keeping it marked (it can be restored from the history). */
  remove = false,
  /**
   * A page taken down that comes back on the site (as Put back would) to answer at the addresses
   * handed to it: a folder's "no openings right now" page when its last job opening closes
   * (schedules/runSchedules.ts).
   */
  putBack?: string,
): TakeDownWrites | TakeDownRefusal {
  const page = parse(text) as PageHead | null;
  if (!page?.path) return { status: 422, message: takeDownMessages.notAPage };
  if (isTakenDown(page)) return { status: 409, message: takeDownMessages.alreadyDown };
  if (to === page.path) return { status: 400, message: takeDownMessages.toItself };
  const aliases = page.aliases ?? [];
  const writes = new Map<string, string | undefined>();
  try {
    const handed = new Map<string, string>();
    // Each other address goes to the page chosen to answer at it.
    for (const alias of aliases) {
      const holder = aliasesTo[alias];
      if (holder === undefined) return { status: 409, message: takeDownMessages.aliases(aliases) };
      if (typeof holder !== 'string' || holder === file || !holder.startsWith('pages/'))
        return { status: 400, message: takeDownMessages.badHolder(alias) };
      resolveContentFile(root, holder);
      const stored = readContentFile(root, holder)?.text;
      const holderText =
        handed.get(holder) ?? (holder === putBack && stored !== undefined ? putBackText(stored) : stored);
      const holderPage = holderText === undefined ? null : (parse(holderText) as PageHead | null);
      if (holderText === undefined || !holderPage?.path || isTakenDown(holderPage))
        return { status: 400, message: takeDownMessages.badHolder(alias) };
      handed.set(holder, withAliasText(holderText, alias));
    }
    writes.set(file, remove ? undefined : takenDownText(aliases.length ? withoutAliasesText(text) : text));
    let redirects = readContentFile(root, REDIRECTS_FILE)?.text;
    // A page put back serves its own address again: no redirect leads away from it.
    const back = putBack === undefined ? undefined : handed.get(putBack);
    const backPath = back === undefined ? undefined : (parse(back) as PageHead | null)?.path;
    if (redirects !== undefined && backPath) redirects = redirectsTextWithout(redirects, backPath);
    writes.set(REDIRECTS_FILE, redirectsTextWith(redirects, page.path, to));
    for (const [holder, holderText] of handed) writes.set(holder, holderText);
  } catch (error) {
    if (error instanceof ContentPathError) return { status: 400, message: error.message };
    const refusal = refusalMessage(error);
    if (refusal) return { status: 400, message: refusal };
    throw error;
  }
  const problems = problemsAfterWrites(root, writes);
  if (problems.length)
    return { status: 400, message: takeDownMessages.notSaved(problems.length), errors: problems };
  const handedOver = aliases
    .map(
      (alias) =>
        `${alias} to ${aliasesTo[alias]}${aliasesTo[alias] === putBack ? ' (put back on the site)' : ''}`,
    )
    .join(', ');
  return {
    writes,
    subject: `${remove ? 'Delete' : 'Take down'} ${page.title ?? file} (${file}): ${page.path} now leads to ${to}${handedOver ? `; ${handedOver}` : ''}`,
  };
}
