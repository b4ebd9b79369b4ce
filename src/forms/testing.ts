/**
 * Test helpers for the forms. Test files must mock sweetalert2 themselves (vi.mock is per file):
 *   vi.mock('sweetalert2', () => ({ default: { fire: vi.fn(async () => ({ isConfirmed: true })) } }));
 */
import { waitFor, within } from '@testing-library/react';
import Swal from 'sweetalert2';
import { expect, vi } from 'vitest';

export const swalFire = () => vi.mocked(Swal.fire);

/** Waits for the dialog, then asserts it is the only one shown, with exactly these words and icon. */
export async function expectOnlyDialog(title: string, text: string, icon: 'warning' | 'error' | 'success') {
  await waitFor(() => expect(Swal.fire).toHaveBeenCalled());
  expect(Swal.fire).toHaveBeenCalledTimes(1);
  expect(Swal.fire).toHaveBeenCalledWith(expect.objectContaining({ title, text, icon }));
}

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A fetch stub answering with `answer` (a Response, or an Error to reject with, as a network failure does). */
export function stubFetch(answer: Response | Error | (() => Promise<Response>)) {
  const fn = vi.fn(async (_url: string, _init?: RequestInit): Promise<Response> => {
    if (typeof answer === 'function') return answer();
    if (answer instanceof Error) throw answer;
    return answer;
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** A promise resolved from outside, to hold a request open. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * The privacy notice link (site.yaml `forms.privacy`) right after the form's submit button, in
 * the same form.
 */
export function expectPrivacyLinkAfter(
  submit: HTMLElement,
  privacy: { text: string; link: string } | undefined,
) {
  if (!privacy) throw new Error('site.yaml has no forms.privacy');
  const form = submit.closest('form');
  if (!form) throw new Error('the submit button is not in a form');
  const link = within(form).getByRole('link', { name: privacy.text });
  expect(link).toHaveAttribute('href', privacy.link);
  expect(submit.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  // Nothing a visitor fills in sits between the button and the link.
  const controls = [...form.querySelectorAll('input:not([tabindex="-1"]), textarea, select, button')];
  expect(controls.at(-1)).toBe(submit);
}
