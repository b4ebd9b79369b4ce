/** "Did you mean ...?" suggestions for misspelt names. */

/** Levenshtein distance, case-insensitive (a wrong capital is the commonest typo in YAML keys). */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const row = [i];
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      row[j] = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
    }
    prev = row;
  }
  return prev[t.length] ?? 0;
}

/** The words of a name: "bulletGrid" -> ["bullet", "grid"], "app-developer" -> ["app", "developer"]. */
export function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * The nearest names to a word: the closest one letter by letter if it is close enough to be a
 * typo, else those sharing the word's first word, which names the thing ("bulletList" is far from
 * "bulletGrid" letter by letter, but whoever wrote it meant a bullet block; "jobList" may mean
 * jobCards or jobTiles). A shared later word such as "Form" says little, so it is not enough.
 */
export function nearest(word: string, candidates: readonly string[]): string[] {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const c of candidates) {
    const d = editDistance(word, c);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  const allowed = Math.max(2, Math.floor(word.length / 3));
  if (best !== undefined && bestDistance <= allowed) return [best];
  const first = wordsOf(word)[0];
  if (!first || first.length < 3 || first === word.toLowerCase()) return [];
  const sameFirstWord = candidates.filter((c) => wordsOf(c)[0] === first);
  return sameFirstWord.length <= 3 ? sameFirstWord : [];
}

/** The closest candidate, if one is near enough (see `nearest`). */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const found = nearest(word, candidates);
  return found.length === 1 ? found[0] : undefined;
}

/** " Did you mean "x"?" (or "x" or "y"), or "", ready to append to a message. */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const found = nearest(word, candidates).map((c) => `"${c}"`);
  if (!found.length) return '';
  const last = found.pop();
  return ` Did you mean ${found.length ? `${found.join(', ')} or ` : ''}${last}?`;
}
