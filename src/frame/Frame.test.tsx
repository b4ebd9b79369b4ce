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
      expect(screen.getByRole('link', { name: site.frame.skipToContent })).toHaveAttribute('href', '#main');
    },
  );

  it('opens with the skip link, in the words of site.yaml', async () => {
    await renderApp('/about');
    expect(site.frame.skipToContent).toBe('Skip to content');
    const links = screen.getAllByRole('link');
    expect(links[0]).toHaveAccessibleName(site.frame.skipToContent);
    expect(document.getElementById('main')).not.toBeNull();
  });

  it('the chat panel holds the real contact form', async () => {
    await renderApp('/about');
    fireEvent.click(screen.getByRole('button', { name: site.frame.chatButtonLabel }));
    const dialog = await screen.findByRole('dialog', { name: site.frame.chatTitle });
    const words = site.forms.contact;
    expect(
      await within(dialog).findByRole('textbox', { name: words.labels.name }, { timeout: 15000 }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: words.labels.email })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: words.labels.mobileNumber })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: words.labels.message })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: words.submit })).toBeInTheDocument();
  });
});
