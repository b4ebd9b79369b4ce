/** Lines removed plus lines added between two texts (a longest-common-subsequence line diff). */
export function changedLineCount(a: string, b: string): number {
  const x = a.split('\n');
  const y = b.split('\n');
  const n = x.length;
  const m = y.length;
  let prev = new Int32Array(m + 1);
  for (let i = n - 1; i >= 0; i--) {
    const row = new Int32Array(m + 1);
    for (let j = m - 1; j >= 0; j--)
      row[j] = x[i] === y[j] ? (prev[j + 1] ?? 0) + 1 : Math.max(prev[j] ?? 0, row[j + 1] ?? 0);
    prev = row;
  }
  return n + m - 2 * (prev[0] ?? 0);
}
