import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom does not implement scrolling and logs "Not implemented" on every call; tests that care
// about scrolling spy on window.scrollTo, so a silent no-op is all the others need.
// (Server and build tests run in the node environment, without a window.)
if (typeof window !== 'undefined') window.scrollTo = (() => {}) as typeof window.scrollTo;

afterEach(() => {
  cleanup();
});
