/**
 * Two pages claiming one thing (an address, a place in a list): the page that introduced the
 * clash is the one told to change, never the page that had it first, since changing that one
 * would move an address or a card that already works. Who came first: a page's own `path` (one that
 * mirrors its file cannot move) before anyone's alias, an alias before a path that does not mirror its
 * file (that path is a mistake anyway), then the older file (the content
 * source's `changedAt`: the copy of a page is newer than the page), then the order of files.
 */
export interface Claim<T> {
  file: string;
  /** What is claimed, compared with ===. */
  key: string;
  /** Lower is stronger. */
  rank: number;
  detail: T;
}

export interface Clash<T> {
  claim: Claim<T>;
  /** The claim that keeps the thing. */
  owner: Claim<T>;
}

export function clashes<T>(
  claims: readonly Claim<T>[],
  files: readonly string[],
  changedAt: (file: string) => number | undefined,
): Clash<T>[] {
  const position = new Map(files.map((f, i) => [f, i]));
  const groups = new Map<string, Claim<T>[]>();
  for (const claim of claims) groups.set(claim.key, [...(groups.get(claim.key) ?? []), claim]);
  const out: Clash<T>[] = [];
  // Only clashing claims ask when their file changed: a source may need a moment to tell.
  const time = (f: string) => changedAt(f) ?? Number.NEGATIVE_INFINITY;
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const [owner, ...rest] = [...group].sort(
      (a, b) =>
        a.rank - b.rank ||
        time(a.file) - time(b.file) ||
        (position.get(a.file) ?? 0) - (position.get(b.file) ?? 0),
    );
    if (owner) for (const claim of rest) out.push({ claim, owner });
  }
  return out;
}
