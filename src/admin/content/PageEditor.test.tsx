import { render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
afterEach(() => vi.unstubAllGlobals());

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
