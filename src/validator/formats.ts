/**
 * The string formats the content schemas use (`format: email`, `format: date`), in one place for
 * both ways the schemas are checked: compiled at run time in Node (ajvSetup.ts) and compiled at
 * build time for the browser, whose generated code imports this module (scripts/build/validatorsPlugin.ts).
 */

/** "2026-02-28" yes, "2026-02-30" no. */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const contentFormats = {
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  // A day that exists: the schemas' patterns already ask for YYYY-MM-DD, not for 30 February.
  date: isCalendarDate,
} as const;
