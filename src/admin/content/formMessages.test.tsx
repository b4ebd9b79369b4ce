/**
 * The editor's messages and help as a user reads them under the boxes: fields named by their
 * labels, what to do in the form, and nothing about the YAML file behind it.
 */
import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contentApi } from './api.ts';
import { PageEditor } from './PageEditor.tsx';
import { type FakeServer, fakeServer } from './testing.ts';

let server: FakeServer;
beforeEach(() => {
  server = fakeServer();
});

async function openEditor(file: string) {
  const client = contentApi('/backend/api/admin', 'csrf-1', server.fetch);
  const [site, pages] = await Promise.all([client.site(), client.pages()]);
  render(
    <PageEditor
      file={file}
      site={site}
      pages={pages}
      client={client}
      onBack={() => undefined}
      onSaved={vi.fn()}
    />,
  );
  // The preview loads the blocks' code: the test waits until it has drawn the page.
  await waitFor(
    () =>
      expect(
        document
          .querySelector<HTMLIFrameElement>('iframe[title^="Preview"]')
          ?.contentDocument?.querySelector('main h1'),
      ).toBeTruthy(),
    { timeout: 10000 },
  );
}

function field(id: string): HTMLInputElement {
  const el = document.getElementById(id);
  if (!(el instanceof HTMLInputElement)) throw new Error(`no input #${id}`);
  return el;
}

/** The first message under a field (warnings, such as a closing date already past, follow it). */
const messageOf = (id: string) =>
  document.getElementById(`${id}__error`)?.querySelector('p')?.textContent ?? '';

const FILE_TALK = /Add a line|Missing required property|in quotes|validThrough|datePosted|site\.yaml|pages\//;

describe("the editor's words", () => {
  it('says "Heading is required" under an emptied heading', async () => {
    await openEditor('pages/services/iot.yaml');
    const heading = [...document.querySelectorAll<HTMLInputElement>('input[id$="_heading"]')][0];
    if (!heading) throw new Error('no heading field');
    await userEvent.clear(heading);
    await waitFor(() => expect(messageOf(heading.id)).toBe('Heading is required: type it in.'), {
      timeout: 5000,
    });
    expect(heading).toHaveAccessibleDescription(/Heading is required: type it in\./);
  });

  it("explains the page's address without the file layout", async () => {
    await openEditor('pages/services/iot.yaml');
    const help = document.getElementById('page_path__description')?.textContent ?? '';
    expect(help).toMatch(/^The page's web address, such as \/services\/iot\./);
    const all = [...document.querySelectorAll('.field-description')].map((d) => d.textContent ?? '');
    expect(all.filter((h) => FILE_TALK.test(h))).toEqual([]);
  });

  it('takes the closing date as YYYY-MM-DD and names both dates by their labels', async () => {
    await openEditor('pages/careers/app-developer.yaml');
    const closing = [...document.querySelectorAll<HTMLInputElement>('input[id$="_posting_validThrough"]')][0];
    if (!closing) throw new Error('no closing date field');
    expect(closing).toHaveAttribute('type', 'text');
    expect(closing).toHaveAttribute('placeholder', 'YYYY-MM-DD');
    expect(closing).toHaveAccessibleDescription(/YYYY-MM-DD, e\.g\. 2026-11-02/);
    await userEvent.clear(closing);
    await userEvent.type(closing, '20261101');
    expect(field(closing.id)).toHaveValue('2026-11-01');
    await waitFor(
      () =>
        expect(messageOf(closing.id)).toBe(
          '“Applications close on” (2026-11-01) is before “Date posted” (2026-11-02): choose a day on or after 2026-11-02.',
        ),
      { timeout: 5000 },
    );
  });
});
