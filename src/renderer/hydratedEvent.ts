/**
 * The window event the browser entry dispatches once the page has hydrated (its frame and
 * non-deferred blocks answer to the visitor). The pre-rendered page's boot script
 * (scripts/build/scriptsAfterPaint.ts) waits for it to replay a button press made before.
 */
export const HYDRATED_EVENT = 'site:hydrated';

/**
 * The `data-*` name (as `dataset` spells it) the browser entry sets on `<html>` at the same moment:
 * state a browser test can wait for, where an event would be missed if it fired first.
 */
export const HYDRATED_ATTRIBUTE = 'hydrated';
