import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadContent, renderRoute } from '../../tests/support/content.tsx';
import { stubMatchMedia } from './testing.ts';

const { site } = loadContent();

beforeEach(() => stubMatchMedia(false));

async function renderApp(path: string) {
  await act(async () => {
    renderRoute(path);
  });
  await screen.findByRole('heading', { level: 1 }, { timeout: 15000 });
}

describe('Frame', () => {
  it.each(['/about', '/services/iot', '/no-such-page'])(
    '%s has the header, the footer and the chat button',
    async (path) => {
      await renderApp(path);
      expect(screen.getByRole('banner')).toBeInTheDocument();
      expect(screen.getByRole('contentinfo')).toHaveAttribute('id', 'contactus');
      expect(screen.getByRole('button', { name: site.frame.chatButtonLabel })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    },
  );

  it('the chat panel holds the real contact form', async () => {
    await renderApp('/about');
    fireEvent.click(screen.getByRole('button', { name: site.frame.chatButtonLabel }));
    const dialog = await screen.findByRole('dialog', { name: site.frame.chatTitle });
    expect(
      await within(dialog).findByRole('textbox', { name: /name/i }, { timeout: 15000 }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /send/i })).toBeInTheDocument();
  });
});
