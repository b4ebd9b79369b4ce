/** A random index of `count` that is never `current` (so the same banner never shows twice in a row). */
export function pickOtherIndex(current: number, count: number, random: () => number = Math.random): number {
  if (count < 2) return 0;
  const r = Math.min(count - 2, Math.floor(random() * (count - 1)));
  return r >= current ? r + 1 : r;
}
