/**
 * A page's Lighthouse figure from several runs: each number is the median of its own runs, because
 * one run's TBT moves by tens of milliseconds with the machine's load (0–83 ms on one page of one
 * build). Taking all numbers from one "median run" chosen by Performance score reported that run's
 * TBT, which was whichever of the three the tie-break happened to pick when all scored 100.
 */

/** The median of some numbers (the lower middle one for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

type Run = { performance: number; lcpMs: number };

/** The run with the median Performance score (ties: the one with the median LCP among them). */
export function medianRun<T extends Run>(runs: readonly T[]): T {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  const run = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!run) throw new Error('No runs');
  return run;
}

/**
 * The median of every numeric field named in `fields` across the runs; every other field (the
 * audits that lost points, say) comes from the median run, so it describes a run that happened.
 * `worst` fields take the largest value instead (e.g. the machine's load while measuring).
 */
export function medianOfRuns<T extends Run>(
  runs: readonly T[],
  fields: readonly (keyof T & string)[],
  worst: readonly (keyof T & string)[] = [],
): T {
  const result = { ...medianRun(runs) };
  const numbers = (field: keyof T) => runs.map((r) => Number(r[field]));
  for (const field of fields) Object.assign(result, { [field]: median(numbers(field)) });
  for (const field of worst) Object.assign(result, { [field]: Math.max(...numbers(field)) });
  return result;
}
