/**
 * A preview link's page in the browser (server/editor/preview/previewRoutes.ts serves its shell):
 * it draws the draft under "Draft, not published", and a link stopped since the page was opened
 * says why in the server's words. (The whole path, in Chromium: tests/e2e/preview-link.e2e.ts.)
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import PreviewLinkApp, { previewLinkWords } from './PreviewLinkApp.tsx';
import { decisionWords } from './ReviewerDecision.tsx';

const json = (status: number, body: unknown) =>
  (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

const PAGE = `path: /about
title: About Us
description: Who we are.
blocks:
  - type: pageHero
    heading: About Us
    subheading: Hello.
`;

describe('a preview link’s page', () => {
  it('says the page is a draft, whose it is and until when the link works', async () => {
    const fetchImpl = json(200, {
      file: 'pages/about.yaml',
      madeBy: 'Wen Editor',
      expiresAt: '2026-12-05T04:30:00.000Z',
      site: { files: { 'pages/about.yaml': { text: PAGE, version: 'v1' } }, images: [] },
    });
    render(<PreviewLinkApp api="/backend/api/preview/x" fetchImpl={fetchImpl} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: `${previewLinkWords.heading}: About Us` }),
    ).toBeInTheDocument();
    expect(screen.getByText(/shared by Wen Editor\. This link works until 5 Dec 2026, /)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${previewLinkWords.heading}: About Us`));
    expect(screen.getByTitle(/^Preview of the draft at /)).toBeInTheDocument();
  });

  it('says why a link that stopped working shows nothing', async () => {
    const fetchImpl = json(410, {
      message: 'Wen Editor revoked it on 28 Nov 2026, 10:00. Ask the person who sent it for a new link.',
    });
    render(<PreviewLinkApp api="/backend/api/preview/x" fetchImpl={fetchImpl} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Wen Editor revoked it on 28 Nov 2026/);
    expect(screen.getByRole('heading', { level: 1, name: previewLinkWords.heading })).toBeInTheDocument();
  });
});

describe('a preview link for a named reviewer', () => {
  it('records Approve by their name, and asks what should change before sending a request', async () => {
    const posted: unknown[] = [];
    const fetchImpl = (async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posted.push({ url, body: JSON.parse(String(init.body)) });
        return new Response(
          JSON.stringify({ message: 'Thank you, Priya Nair: your approval is recorded.' }),
          {
            status: 201,
          },
        );
      }
      return new Response(
        JSON.stringify({
          file: 'pages/about.yaml',
          madeBy: 'Wen Editor',
          expiresAt: '2026-12-05T04:30:00.000Z',
          site: { files: { 'pages/about.yaml': { text: PAGE, version: 'v1' } }, images: [] },
          review: { reviewer: 'Priya Nair', decisions: [] },
        }),
        { status: 200 },
      );
    }) as unknown as typeof fetch;
    render(<PreviewLinkApp api="/backend/api/preview/x" fetchImpl={fetchImpl} />);
    const region = await screen.findByRole('region', { name: 'Your review' });
    expect(region).toHaveTextContent(decisionWords.asked('Priya Nair'));

    await userEvent.click(screen.getByRole('button', { name: decisionWords.changes }));
    await userEvent.click(screen.getByRole('button', { name: decisionWords.send }));
    expect(screen.getByRole('alert')).toHaveTextContent(decisionWords.needComment);
    expect(screen.getByLabelText(decisionWords.what)).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: decisionWords.cancel }));

    await userEvent.click(screen.getByRole('button', { name: decisionWords.approve }));
    expect(await screen.findByText('Thank you, Priya Nair: your approval is recorded.')).toBeInTheDocument();
    expect(posted).toEqual([{ url: '/backend/api/preview/x/decision', body: { decision: 'approve' } }]);
  });
});
