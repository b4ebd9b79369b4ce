/**
 * The specification's three breakpoints (640, 768 and 1024px), for code that asks media queries
 * (matchMedia, <source media>, keen-slider options). The same numbers are documented in tokens.css
 * (--breakpoint-*) and are the only ones the stylesheets' media queries use;
 * tests/unit/design-tokens.test.ts keeps the three in step.
 *
 * "At least" a breakpoint is (min-width: Npx); "below" it is (max-width: N-1px), the form the
 * stylesheets use, so a width is never on both sides.
 */
export const BREAKPOINTS = { sm: 640, md: 768, lg: 1024 } as const;

export type Breakpoint = keyof typeof BREAKPOINTS;

/** `(min-width: 768px)` for 'md': the screen is at least this wide. */
export function atLeast(breakpoint: Breakpoint): string {
  return `(min-width: ${BREAKPOINTS[breakpoint]}px)`;
}

/** `(max-width: 767px)` for 'md': the screen is narrower than this breakpoint. */
export function below(breakpoint: Breakpoint): string {
  return `(max-width: ${BREAKPOINTS[breakpoint] - 1}px)`;
}

/** Phones: narrower than 768px (where pages use their mobile picture variants). */
export const MOBILE_QUERY = below('md');
