/**
 * Unsaved edits are not lost: they are kept in the browser as the user types and offered back
 * when the page is opened again, and leaving with them (the editor's own back button, any other
 * control of the staff area, a reload or a closed tab) asks first.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentApi } from './api.ts';
import { PageEditor } from './PageEditor.tsx';
import { type FakeServer, fakeServer } from './testing.ts';
import { DRAFT_AFTER_MS } from './useEditedFile.ts';

let server: FakeServer;
const FILE = 'pages/products/summercamp.yaml';
const PRIYA = 'priya@example.com';

beforeAll(() => {
  // jsdom has <dialog> without showModal: open it as the browser would, so its buttons are seen.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
});

beforeEach(() => {
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetch);
  localStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date(2026, 10, 27, 10, 42, 5));
});
// The preview loads each block's code: every test waits for it before it ends.
afterEach(() => vi.dynamicImportSettled());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

async function open(account = PRIYA, onBack = vi.fn()) {
  const client = contentApi('/backend/api/admin', 'csrf-1', server.fetch);
  const site = await client.site();
  const view = render(
    <div>
      <button type="button">Sign out</button>
      <PageEditor
        file={FILE}
        site={site}
        client={client}
        account={account}
        onBack={onBack}
        onSaved={vi.fn()}
      />
    </div>,
  );
  const title = document.getElementById('page_title') as HTMLInputElement;
  return { view, title, onBack };
}

async function typeInTitle(text: string) {
  const title = document.getElementById('page_title') as HTMLInputElement;
  await user().click(title);
  await user().paste(text);
}

describe('the local draft', { timeout: 60_000 }, () => {
  it('is offered back after the page was closed without saving, with the time, and restored', async () => {
    const first = await open();
    await typeInTitle(' 2027');
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_AFTER_MS + 10));
    // The tab is gone without a word (a crash, a closed laptop): nothing was saved.
    first.view.unmount();
    expect(server.calls.some((c) => c.method === 'PUT')).toBe(false);

    const again = await open();
    expect(again.title).toHaveValue('Summer Camp | Camp Management App');
    expect(await screen.findByText('You have unsaved changes from 10:42:')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Restore' }));
    expect(again.title).toHaveValue('Summer Camp | Camp Management App 2027');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(document.getElementById('save-status')).toHaveTextContent('Unsaved changes');

    // Saved: the draft is gone.
    server.answer('PUT /file', () => ({ status: 200, body: { version: 'v2', text: 'x', commit: 'c1' } }));
    await user().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.getElementById('save-status')).toHaveTextContent(/^Saved/));
    expect(localStorage.length).toBe(0);
  });

  it('a save the server cannot make keeps the edits in the form and says so as an error', async () => {
    const { title } = await open();
    await typeInTitle(' 2027');
    const unreachable =
      'The shared content repository (git@example.com:site.git) cannot be reached, so nothing was saved: Connection refused. Try again in a moment.';
    server.answer('PUT /file', () => ({ status: 503, body: { message: unreachable } }));
    await user().click(screen.getByRole('button', { name: 'Save' }));
    const status = document.getElementById('save-status') as HTMLElement;
    await waitFor(() => expect(status).toHaveTextContent(unreachable));
    expect(status.className).toMatch(/statusFailed/);
    expect(title).toHaveValue('Summer Camp | Camp Management App 2027');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();

    // Reachable again: the same Save, nothing typed again.
    server.answer('PUT /file', () => ({ status: 200, body: { version: 'v2', text: 'x', commit: 'c1' } }));
    await user().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(status).toHaveTextContent(/^Saved/));
    expect(status.className).not.toMatch(/statusFailed/);
  });

  it('is kept per account, and Discard removes it', async () => {
    const first = await open();
    await typeInTitle('!');
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_AFTER_MS + 10));
    first.view.unmount();

    const colleague = await open('arjun@example.com');
    expect(screen.queryByText(/You have unsaved changes/)).toBeNull();
    colleague.view.unmount();

    await open();
    await user().click(await screen.findByRole('button', { name: 'Discard' }));
    expect(screen.queryByText(/You have unsaved changes/)).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('is forgotten once Undo brings the page back to what is saved', async () => {
    const first = await open();
    await typeInTitle('!');
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_AFTER_MS + 10));
    expect(localStorage.length).toBe(1);
    await user().click(screen.getByRole('button', { name: 'Undo' }));
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_AFTER_MS + 10));
    expect(localStorage.length).toBe(0);
    first.view.unmount();

    await open();
    expect(screen.queryByText(/You have unsaved changes/)).toBeNull();
  });
});

describe('leaving with unsaved changes', { timeout: 60_000 }, () => {
  it('"← All pages" asks first; Stay keeps the edits, Leave goes', async () => {
    const { title, onBack } = await open();
    await user().click(screen.getByRole('button', { name: '← All pages' }));
    expect(onBack).toHaveBeenCalledTimes(1); // nothing to lose: no question
    onBack.mockClear();

    await typeInTitle('!');
    await user().click(screen.getByRole('button', { name: '← All pages' }));
    expect(onBack).not.toHaveBeenCalled();
    expect(document.body).toHaveTextContent('Leave without saving?');
    await user().click(screen.getByRole('button', { name: 'Stay and keep editing' }));
    expect(document.body).not.toHaveTextContent('Leave without saving?');
    expect(title).toHaveValue('Summer Camp | Camp Management App!');

    await user().click(screen.getByRole('button', { name: '← All pages' }));
    await user().click(screen.getByRole('button', { name: 'Leave without saving' }));
    expect(onBack).toHaveBeenCalledTimes(1);
    // Leaving keeps the edits in the browser at once, without waiting for the typing pause.
    expect(localStorage.length).toBe(1);
  });

  it('holds a click on a control outside the editor (Sign out) until the user agrees', async () => {
    await open();
    const signOut = vi.fn();
    screen.getByRole('button', { name: 'Sign out' }).addEventListener('click', signOut);
    await typeInTitle('!');
    await user().click(screen.getByRole('button', { name: 'Sign out' }));
    expect(signOut).not.toHaveBeenCalled();
    await user().click(screen.getByRole('button', { name: 'Leave without saving' }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('asks the browser to confirm a reload or a closed tab only while there are unsaved changes', async () => {
    await open();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await typeInTitle('!');
    expect(unload()).toBe(true);
  });
});
