/**
 * What this site assumes about React's internals, kept in this one module. React has no public API
 * for either, and both are needed:
 *
 * - The deferred blocks (lazyBlock.ts) find a block's pre-rendered HTML, still waiting to hydrate,
 *   by the comments React's server renderer writes around a Suspense boundary.
 * - A page loaded before rendering (ContentContext.tsx's page loader, and test and preview content
 *   that is already at hand) is read by `use()` without suspending only if its promise carries the
 *   fields React's `use()` itself sets on a promise it has seen settle: `status` and `value`.
 *
 * Both are private to React and may change in any minor release. So package.json pins react and
 * react-dom to the minor version these were checked against (~19.3.x: patch releases only), and
 * reactPrivate.test.tsx fails, saying which assumption broke, when an upgrade changes them: upgrade
 * React by changing TESTED_REACT_MINOR and the pins together, then run that test.
 */

/** The react and react-dom minor version the assumptions below were checked against. */
export const TESTED_REACT_MINOR = '19.3';

/**
 * The comments React's server renderer writes around a Suspense boundary: it opens with "$"
 * (rendered), "$?" (pending: the content streams in later), "$~" (queued) or "$!" (rendering
 * failed on the server: the client renders it), and closes with "/$".
 */
export const SUSPENSE_OPENING_MARKERS = ['$', '$?', '$~', '$!'] as const;
export const SUSPENSE_CLOSING_MARKER = '/$';

/** Whether a comment opens a Suspense boundary's server-rendered HTML (any of its states). */
export const opensSuspenseBoundary = (node: Comment): boolean => node.data.startsWith('$');

/** Whether a comment closes a Suspense boundary's server-rendered HTML. */
export const closesSuspenseBoundary = (node: Comment): boolean =>
  node.data.startsWith(SUSPENSE_CLOSING_MARKER);

/** A promise of a value already at hand that React's `use()` reads at once, without suspending. */
export function fulfilledThenable<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled' as const, value });
}

/**
 * Marks `promise` as fulfilled, the way `use()` marks one it has seen, as soon as it resolves: a
 * page loaded before it is rendered (e.g. before hydration) is then read at once instead of
 * suspending. Returns the same promise (`use()` needs the same object for the same page).
 */
export function markWhenFulfilled<T>(promise: Promise<T>): Promise<T> {
  const tracked = promise as Promise<T> & { status?: string; value?: T };
  promise.then(
    (value) => {
      tracked.status = 'fulfilled';
      tracked.value = value;
    },
    () => undefined,
  );
  return promise;
}
