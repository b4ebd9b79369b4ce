/**
 * The checklist both halves of `npm run test:cluster` keep: each check printed as it is made ("ok"
 * or "FAIL"), the time since the start, a crash reported as a failure (never a silent exit), and
 * the verdict at the end: exit 1 naming every failed check, or 0.
 */
export function checklist(name: string) {
  const started = Date.now();
  const failures: string[] = [];
  process.on('uncaughtException', (error) => {
    console.error(`${name} crashed:`, error);
    process.exit(1);
  });
  return {
    seconds: () => `${((Date.now() - started) / 1000).toFixed(1)} s`,
    check(ok: boolean, what: string): void {
      console.log(`${ok ? '  ok  ' : '  FAIL'} ${what}`);
      if (!ok) failures.push(what);
    },
    /** An error that stopped the run: a failure, with its stack. */
    stopped(error: unknown): void {
      failures.push(String(error instanceof Error ? (error.stack ?? error.message) : error));
      console.error(error);
    },
    finish(): never {
      if (failures.length) {
        console.error(`${name} failed (${failures.length}):\n${failures.map((f) => `  - ${f}`).join('\n')}`);
        process.exit(1);
      }
      console.log(`${name} passed.`);
      process.exit(0);
    },
  };
}
