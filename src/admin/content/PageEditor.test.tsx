import { fireEvent, render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { contentApi } from './api.ts';
import { PageEditor } from './PageEditor.tsx';
import { type FakeServer, fakeServer } from './testing.ts';

// The preview loads the page's block code (dynamic imports), which these tests of the form side
// did not wait for: left loading when a test ended (issue 33). It has tests of its own
// (Preview.test.tsx, Workflow.test.tsx).
vi.mock('./Preview.tsx', () => ({ Preview: () => null }));

let server: FakeServer;
const SMALL = 'pages/products/summercamp.yaml';

beforeEach(() => {
  server = fakeServer();
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window, 'matchMedia');
});

/** A screen `width` px wide, as the editor's media queries see it (jsdom has no matchMedia). */
function screenWidth(width: number) {
  const matches = (query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query)?.[1];
    return max !== undefined && width <= Number(max);
  };
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

async function openEditor(file = 'pages/services/iot.yaml') {
  const client = contentApi('/backend/api/admin', 'csrf-1', server.fetch);
  const [site, pages] = await Promise.all([client.site(), client.pages()]);
  const onSaved = vi.fn();
  render(
    <PageEditor
      file={file}
      site={site}
      pages={pages}
      client={client}
      onBack={() => undefined}
      onSaved={onSaved}
    />,
  );
  return { onSaved };
}

// Role queries over the whole editor are slow in jsdom: find the legends and fields directly.
function blockLegends() {
  return [...document.querySelectorAll('fieldset[data-block-key] > legend')].map((l) => l.textContent);
}

/** The element a user knows by this name (aria-label, or a label's for=). */
function labelled(name: string): HTMLElement {
  const el =
    document.querySelector<HTMLElement>(`[aria-label="${name}"]`) ??
    [...document.querySelectorAll('label')].find((l) => l.textContent === name)?.control;
  if (!el) throw new Error(`Nothing is called "${name}"`);
  return el as HTMLElement;
}

function button(text: string): HTMLElement {
  const el = [...document.querySelectorAll('button')].find((b) => b.textContent === text);
  if (!el) throw new Error(`No button "${text}"`);
  return el;
}

function pageTitle(): HTMLElement {
  const input = document.getElementById('page_title');
  if (!input) throw new Error('no title field');
  expect(input).toHaveAccessibleName(/^Title/);
  return input;
}

describe('the page editor', () => {
  it('shows one fieldset per block in document order, with the page title as heading', async () => {
    await openEditor();
    const h1 = document.querySelectorAll('h1');
    expect(h1).toHaveLength(1);
    expect(h1[0]).toHaveTextContent('Edit: Telematics & IoT Solutions');
    const legends = blockLegends();
    expect(legends[0]).toBe('1. Page hero');
    expect(legends.length).toBe(
      (server.texts.get('pages/services/iot.yaml') ?? '').match(/^ {2}- type:/gm)?.length,
    );
    expect(pageTitle()).toHaveValue('Telematics & IoT Solutions');
  });

  it('moves, removes and adds blocks with buttons, and undoes each change', async () => {
    await openEditor(SMALL);
    const before = blockLegends();
    await userEvent.click(labelled('Move block 1 (Page hero) down'));
    const moved = blockLegends();
    expect(moved[0]?.slice(3)).toBe(before[1]?.slice(3));
    expect(moved[1]).toBe('2. Page hero');
    await userEvent.click(button('Undo'));
    expect(blockLegends()).toEqual(before);
    await userEvent.click(button('Redo'));
    expect(blockLegends()).toEqual(moved);

    await userEvent.click(labelled('Remove block 2 (Page hero)'));
    expect(blockLegends()).toHaveLength(before.length - 1);
    expect(blockLegends().join()).not.toContain('Page hero');

    const add = labelled('Add a section');
    const options = within(add)
      .getAllByRole('option', { hidden: true })
      .map((o) => o.textContent);
    expect(options).toContain('Page hero');
    expect(options).not.toContain('Hero');
    expect(options).not.toContain('Job tiles');
    await userEvent.selectOptions(add, 'Page hero');
    await userEvent.click(button('Add at the end'));
    expect(blockLegends().at(-1)).toBe(`${before.length}. Page hero`);
  });

  it('undoes typing with Ctrl+Z and redoes with Shift+Ctrl+Z', async () => {
    await openEditor(SMALL);
    const title = pageTitle();
    // Keystrokes less than a second apart are one step to undo (useUndo.ts). The clock stands
    // still while the test types: on a busy machine typing "IoT" took over a second, which made
    // two steps of it, and Ctrl+Z undid only the last.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    await userEvent.clear(title);
    await userEvent.type(title, 'IoT');
    expect(title).toHaveValue('IoT');
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(pageTitle()).toHaveValue('Summer Camp | Camp Management App');
    await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(pageTitle()).toHaveValue('IoT');
  });

  it('shows a problem under its field as the user types, and Save waits until it is fixed', async () => {
    await openEditor(SMALL);
    const path = document.getElementById('page_path') as HTMLInputElement;
    await userEvent.type(path, 'x');
    await waitFor(() =>
      expect(document.getElementById('page_path__error')).toHaveTextContent(
        /^This page's address is \/products\/summercamp, from its place in the site/,
      ),
    );
    expect(path).toHaveAccessibleDescription(/This page's address is \/products\/summercamp/);
    expect(button('Save')).toBeDisabled();
    expect(document.getElementById('save-status')).toHaveTextContent('1 problem to fix before saving');
    await userEvent.keyboard('{Backspace}');
    await waitFor(() => expect(document.getElementById('page_path__error')).toBeNull());
    expect(button('Save')).toBeEnabled();
  });

  it('blames the page being edited when it takes a place in a list that another page holds', async () => {
    // Both pages were last changed at the same time (the fake page list), and consulting sorts
    // first: without the edited page counting as the newest, the validator blamed School Management,
    // so this editor showed nothing and the server refused the save.
    await openEditor('pages/services/consulting.yaml');
    const order = document.getElementById('page_listing_order') as HTMLInputElement;
    await userEvent.clear(order);
    await userEvent.type(order, '1');
    await waitFor(() =>
      expect(document.getElementById('page_listing_order__error')).toHaveTextContent(
        /^Another page of this list is already at position 1, so the two would be listed in no fixed order/,
      ),
    );
    expect(button('Save')).toBeDisabled();
  });

  it('shows a warning under its field without stopping Save', async () => {
    await openEditor(SMALL);
    const title = pageTitle();
    await userEvent.click(title);
    await userEvent.paste(' and much more besides this');
    await waitFor(() =>
      expect(document.getElementById('page_title__error')).toHaveTextContent(
        /Warning: With the company name the site adds, search results show this title as/,
      ),
    );
    expect(button('Save')).toBeEnabled();
  });
});

describe('the ways around the page editor', () => {
  it('starts with the keyboard on the page name, without moving the window to it', async () => {
    const focus = vi.spyOn(HTMLHeadingElement.prototype, 'focus');
    try {
      await openEditor(SMALL);
      const h1 = document.querySelector('h1');
      expect(document.activeElement).toBe(h1);
      expect(focus).toHaveBeenCalledWith({ preventScroll: true });
    } finally {
      focus.mockRestore();
    }
  });

  it("outlines the page's sections by their labels, and each entry takes the keyboard there", async () => {
    await openEditor();
    const outline = document.querySelector('nav[aria-label="Sections of the page"]');
    if (!outline) throw new Error('no outline');
    const entries = [...outline.querySelectorAll('button')];
    expect(entries.map((b) => b.textContent)).toEqual(['Page details', ...blockLegends(), 'Add a section']);
    const third = document.querySelectorAll('fieldset[data-block-key]')[2];
    await userEvent.click(entries[3] as HTMLElement);
    expect(third?.contains(document.activeElement)).toBe(true);
    await userEvent.click(entries[0] as HTMLElement);
    expect(document.getElementById('block-page')?.contains(document.activeElement)).toBe(true);
    await userEvent.click(entries.at(-1) as HTMLElement);
    expect(document.activeElement).toBe(labelled('Add a section'));
  });

  it('has a skip link, first in the form, to "Add a section"', async () => {
    await openEditor();
    const skip = button('Skip to “Add a section”');
    const form = document.getElementById('editor-form-pane');
    expect(form?.querySelector('button')).toBe(skip);
    await userEvent.click(skip);
    expect(document.activeElement).toBe(labelled('Add a section'));
  });

  it('shows both panes and no switch on a wide screen', async () => {
    screenWidth(1280);
    await openEditor(SMALL);
    expect(document.querySelector('[role="tablist"]')).toBeNull();
    expect(document.getElementById('editor-form-pane')).not.toHaveAttribute('hidden');
    expect(document.getElementById('editor-preview-pane')).not.toHaveAttribute('hidden');
  });

  it('shows one pane at a time on a small screen, chosen by Edit / Preview tabs', async () => {
    screenWidth(375);
    await openEditor(SMALL);
    const tabs = document.querySelector('[role="tablist"]');
    expect(tabs).toHaveAccessibleName('Edit or preview');
    const [edit, preview] = [...(tabs?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    if (!edit || !preview) throw new Error('no tabs');
    const form = document.getElementById('editor-form-pane');
    const previewPane = document.getElementById('editor-preview-pane');
    expect(edit).toHaveAttribute('aria-selected', 'true');
    expect(edit).toHaveAttribute('aria-controls', 'editor-form-pane');
    expect(form).toHaveAttribute('role', 'tabpanel');
    expect(form).toHaveAccessibleName('Edit');
    expect(previewPane).toHaveAttribute('hidden');
    // Only the chosen tab is a stop of Tab; arrow keys move between the two.
    expect(preview).toHaveAttribute('tabindex', '-1');
    await userEvent.click(preview);
    expect(preview).toHaveAttribute('aria-selected', 'true');
    expect(form).toHaveAttribute('hidden');
    expect(previewPane).not.toHaveAttribute('hidden');
    fireEvent.keyDown(preview, { key: 'ArrowLeft' });
    expect(edit).toHaveAttribute('aria-selected', 'true');
    expect(document.activeElement).toBe(edit);
    expect(form).not.toHaveAttribute('hidden');
    fireEvent.keyDown(edit, { key: 'End' });
    expect(document.activeElement).toBe(preview);
  });

  it('asks before restoring the version shown in the preview, as the history list does', async () => {
    server.answer('POST /restore', () => ({
      status: 200,
      body: {
        version: 'v3',
        text: (server.texts.get(SMALL) ?? '').replace(/^title: .*$/m, 'title: Old title'),
        commit: 'c3',
      },
    }));
    await openEditor(SMALL);
    await userEvent.click(button('History'));
    await waitFor(() => expect(button('Show')).toBeInTheDocument());
    await userEvent.click(button('Show'));
    await waitFor(() => expect(button('Restore this version')).toBeEnabled());
    await userEvent.click(button('Restore this version'));
    const question = document.querySelector('[role="alertdialog"]');
    expect(question).toHaveAccessibleName(
      /^Restore the version of 20 Nov 2026, \d\d:30 by Priya\? It comes back as a new save; the page as it is now stays in the history\.$/,
    );
    expect(document.activeElement).toBe(button('Yes, restore this version'));
    expect(server.calls.some((c) => c.method === 'POST' && c.url.includes('/restore'))).toBe(false);

    const cancel = within(question as HTMLElement).getByRole('button', { name: 'Cancel' });
    await userEvent.click(cancel);
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(button('Restore this version')));
    expect(server.calls.some((c) => c.method === 'POST' && c.url.includes('/restore'))).toBe(false);

    await userEvent.click(button('Restore this version'));
    await userEvent.click(button('Yes, restore this version'));
    await waitFor(() => expect(pageTitle()).toHaveValue('Old title'));
    expect(document.getElementById('viewing-heading')).toBeNull();
  });
});
