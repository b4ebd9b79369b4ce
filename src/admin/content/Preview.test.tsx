import { fireEvent, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contentApi } from './api.ts';
import { PageEditor } from './PageEditor.tsx';
import { type FakeServer, fakeServer } from './testing.ts';

let server: FakeServer;
beforeEach(() => {
  server = fakeServer();
});

const FILE = 'pages/products/summercamp.yaml';

async function openEditor(file = FILE) {
  const client = contentApi('/backend/api/admin', 'csrf-1', server.fetch);
  const site = await client.site();
  render(<PageEditor file={file} site={site} client={client} onBack={() => undefined} onSaved={vi.fn()} />);
}

function previewDocument(): Document {
  const frame = document.querySelector<HTMLIFrameElement>('iframe[title^="Preview"]');
  const d = frame?.contentDocument;
  if (!d) throw new Error('no preview frame');
  return d;
}

describe('the live preview', () => {
  it("draws the page with the site's own blocks and follows typing", async () => {
    await openEditor();
    await waitFor(() => expect(previewDocument().querySelector('main h1')).toBeTruthy(), { timeout: 10000 });
    const h1 = () => previewDocument().querySelector('main h1');
    const field = [...document.querySelectorAll<HTMLInputElement>('input[id$="_heading"]')][0];
    if (!field) throw new Error('no heading field');
    expect(h1()).toHaveTextContent(field.value);
    await userEvent.click(field);
    await userEvent.paste(' today');
    await waitFor(() => expect(h1()).toHaveTextContent(`${field.value}`));
    expect(h1()?.textContent).toMatch(/ today$/);
  });

  it('focuses the field of the words clicked in the preview', async () => {
    await openEditor();
    await waitFor(() => expect(previewDocument().querySelector('main h1')).toBeTruthy(), { timeout: 10000 });
    const h1 = previewDocument().querySelector('main h1');
    if (!h1) throw new Error('no heading in the preview');
    fireEvent.click(h1);
    await waitFor(() => expect(document.activeElement?.id).toMatch(/_heading$/));
  });

  it('offers phone, tablet and desktop widths', async () => {
    await openEditor();
    const phone = [...document.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Phone'));
    if (!phone) throw new Error('no phone button');
    await userEvent.click(phone);
    expect(phone).toHaveAttribute('aria-pressed', 'true');
    expect(document.querySelector('iframe')).toHaveStyle({ width: '390px' });
  });

  it('keeps every card of a bullet grid when a bullet is added, marks the empty one, and logs no error', async () => {
    const consoleError = vi.spyOn(console, 'error');
    try {
      await openEditor('pages/services/iot.yaml');
      const cards = () => previewDocument().querySelectorAll('main article');
      await waitFor(() => expect(cards().length).toBeGreaterThan(1), { timeout: 10000 });
      const before = cards().length;
      const firstCardText = cards()[0]?.textContent ?? '';
      const add = document.querySelector<HTMLButtonElement>(
        'button[aria-label="Add an item to Bullet points"]',
      );
      if (!add) throw new Error('no Add button for bullet points');
      await userEvent.click(add);
      await waitFor(() =>
        expect(previewDocument().querySelector('main [data-preview-problem]')).toHaveTextContent(
          /Bullet points, item \d+ is empty/,
        ),
      );
      expect(cards()).toHaveLength(before);
      expect(cards()[0]?.textContent).toContain(firstCardText.slice(0, 40));
      expect(previewDocument().body.textContent).not.toMatch(/cannot be shown|shows once its problems/);
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
    }
  });

  it('outlines the words of the field that has the keyboard, and no longer once it leaves', async () => {
    await openEditor('pages/services/iot.yaml');
    await waitFor(() => expect(previewDocument().querySelector('main h1')).toBeTruthy(), { timeout: 10000 });
    const outlined = () => [...previewDocument().querySelectorAll('[data-preview-focus]')];
    expect(outlined()).toEqual([]);
    const cta = document.querySelector<HTMLTextAreaElement | HTMLInputElement>('[id$="_paragraph"]');
    if (!cta) throw new Error('no paragraph of the call to action');
    await userEvent.click(cta);
    await waitFor(() => expect(outlined().map((el) => el.textContent?.trim())).toEqual([cta.value.trim()]));
    await userEvent.type(cta, ' Today.');
    await waitFor(() => expect(outlined()[0]?.textContent).toMatch(/ Today\.$/));
    // A block's own button: the whole block.
    const remove = document.querySelector<HTMLButtonElement>('button[aria-label^="Remove block 1 "]');
    remove?.focus();
    await waitFor(() => expect(outlined()[0]?.textContent).toContain('Telematics & IoT Solutions'));
    remove?.blur();
    await waitFor(() => expect(outlined()).toEqual([]));
  });
});
