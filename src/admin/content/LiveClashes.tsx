/**
 * When a change reached the live site another way (a developer's commit) and a draft changed the
 * same field differently, the person publishing chooses, field by field, which words stay: the
 * live ones (chosen at first: nothing is written over them unasked) or the draft's. Until then the
 * drafts of those pages cannot be published (server/editor/drafts/fieldMerge.ts).
 */
import { useId, useState } from 'react';
import type { ContentApi, LiveClash } from './api.ts';
import styles from './content.module.css';
import { type Refusal, RefusalAlert, refusalOf } from './Refusal.tsx';

export const clashWords = {
  heading: (n: number) => `The live site changed the same words (${n})`,
  lead: 'Someone changed these on the live site outside the editor while a draft changed them too. Choose which words stay; the drafts of these pages can be published once you have.',
  field: (c: LiveClash) => `${c.field} (${c.file})`,
  keepLive: (words: string) => `Keep the live words: “${words}”`,
  keepDraft: (words: string) => `Keep the draft's words: “${words}”`,
  whole: 'The whole file changed on both sides: whoever runs the site merges it by hand.',
  apply: 'Keep the words chosen',
};

export function LiveClashes({
  clashes,
  client,
  onDone,
}: {
  clashes: readonly LiveClash[];
  client: ContentApi;
  onDone: () => void;
}) {
  const headingId = useId();
  const [draftKept, setDraftKept] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const id = (c: LiveClash) => `${c.file}\n${c.key}`;
  const decidable = clashes.filter((c) => c.key);
  const apply = async () => {
    setBusy(true);
    setError(null);
    try {
      const keepDraft: Record<string, string[]> = {};
      for (const c of decidable)
        if (draftKept.has(id(c))) keepDraft[c.file] = [...(keepDraft[c.file] ?? []), c.key];
      await client.takeInLive(keepDraft);
      onDone();
    } catch (e) {
      setError(refusalOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{clashWords.heading(clashes.length)}</h2>
      <p>{clashWords.lead}</p>
      {clashes.map((c) =>
        c.key ? (
          <fieldset key={id(c)}>
            <legend>{clashWords.field(c)}</legend>
            <label>
              <input
                type="radio"
                name={id(c)}
                checked={!draftKept.has(id(c))}
                onChange={() =>
                  setDraftKept((s) => {
                    const next = new Set(s);
                    next.delete(id(c));
                    return next;
                  })
                }
              />{' '}
              {clashWords.keepLive(c.live)}
            </label>
            <br />
            <label>
              <input
                type="radio"
                name={id(c)}
                checked={draftKept.has(id(c))}
                onChange={() => setDraftKept((s) => new Set(s).add(id(c)))}
              />{' '}
              {clashWords.keepDraft(c.draft)}
            </label>
          </fieldset>
        ) : (
          <p key={id(c)}>
            {c.file}: {clashWords.whole}
          </p>
        ),
      )}
      {error && <RefusalAlert refusal={error} />}
      {decidable.length > 0 && (
        <button type="button" className={styles.primary} disabled={busy} onClick={() => void apply()}>
          {clashWords.apply}
        </button>
      )}
    </section>
  );
}
