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
  const time = (f: string) => changedAt(f) ?? Number.NEGATIVE_INFINITY;
  const sorted = [...claims].sort(
    (a, b) =>
      a.rank - b.rank ||
      time(a.file) - time(b.file) ||
      (position.get(a.file) ?? 0) - (position.get(b.file) ?? 0),
  );
  const owners = new Map<string, Claim<T>>();
  const out: Clash<T>[] = [];
  for (const claim of sorted) {
    const owner = owners.get(claim.key);
    if (owner) out.push({ claim, owner });
    else owners.set(claim.key, claim);
  }
  return out;
}
