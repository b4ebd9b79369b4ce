import { describe, expect, it } from 'vitest';
import { median, medianOfRuns, medianRun } from './medianOfRuns.ts';

const run = (performance: number, lcpMs: number, tbtMs: number, load: number, findings: string[] = []) => ({
  performance,
  lcpMs,
  tbtMs,
  load,
  findings,
});

describe('a page’s figures from several Lighthouse runs', () => {
  it('takes the median of each number on its own, not one run’s numbers', () => {
    // All three score 100: the median run (by score, then LCP) is the 1,360 ms one, with TBT 83.
    const runs = [run(100, 1350, 0, 0.4), run(100, 1360, 83, 0.9), run(100, 1370, 21, 1.6, ['DOM size'])];
    expect(medianRun(runs).tbtMs).toBe(83);
    const figures = medianOfRuns(runs, ['performance', 'lcpMs', 'tbtMs'], ['load']);
    expect(figures).toMatchObject({ performance: 100, lcpMs: 1360, tbtMs: 21, load: 1.6 });
  });

  it('keeps the other fields of the median run, so a finding belongs to a run that happened', () => {
    const runs = [
      run(98, 1400, 90, 1, ['slow']),
      run(100, 1300, 10, 1, []),
      run(99, 1350, 40, 1, ['DOM size']),
    ];
    expect(medianOfRuns(runs, ['tbtMs']).findings).toEqual(['DOM size']);
  });

  it('takes the lower middle of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(median([])).toBe(0);
  });
});
