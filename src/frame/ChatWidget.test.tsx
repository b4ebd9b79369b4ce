import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadContent, renderWithContent } from '../../tests/support/content.tsx';
import { ChatWidget } from './ChatWidget.tsx';
import { stubMatchMedia } from './testing.ts';

// The form itself is the forms issue's; here a stand-in with the same contract.
vi.mock('../forms/ContactForm.tsx', () => ({
  ContactForm: ({ onSent }: { onSent: () => void }) => (
    <form aria-label="Contact form">
      <input aria-label="Name" />
      <button type="button" onClick={onSent}>
        Send Message
      </button>
    </form>
  ),
}));

const { site } = loadContent();
const DELAY = site.frame.chatHintDelayMs;

const chatButton = () => screen.getByRole('button', { name: site.frame.chatButtonLabel });
const hint = () => screen.queryByText('Need help?');
const panel = () => screen.queryByRole('dialog', { name: "Let's Talk" });

function advance(ms: number) {
  act(() => vi.advanceTimersByTime(ms));
}

/** Lets the lazily imported form module resolve and render. */
async function settle() {
  await act(async () => {
    await vi.dynamicImportSettled();
  });
}

beforeEach(() => {
  stubMatchMedia(false);
  window.sessionStorage.clear();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('hint', () => {
  it('appears at 8000 ms, not at 7999 ms, with the spec words', () => {
    expect(DELAY).toBe(8000);
    renderWithContent(<ChatWidget />);
    advance(7999);
    expect(hint()).toBeNull();
    advance(1);
    expect(hint()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: site.frame.dismissHintLabel })).toBeInTheDocument();
  });

  it('goes away when dismissed and stays away for the visit', () => {
    const first = renderWithContent(<ChatWidget />);
    advance(DELAY);
    fireEvent.click(screen.getByRole('button', { name: site.frame.dismissHintLabel }));
    expect(hint()).toBeNull();
    expect(chatButton()).toHaveFocus();
    advance(DELAY * 5);
    expect(hint()).toBeNull();

    // A new page load in the same visit.
    first.unmount();
    renderWithContent(<ChatWidget />);
    advance(DELAY * 2);
    expect(hint()).toBeNull();
  });

  it('is never shown once the panel was opened and closed again before 8 s', async () => {
    renderWithContent(<ChatWidget />);
    advance(3000);
    fireEvent.click(chatButton());
    await settle();
    expect(panel()).toBeVisible();
    advance(1000);
    fireEvent.click(chatButton());
    expect(panel()).toBeNull();
    // Closed now, and past 8 s since the page loaded: still no hint.
    advance(DELAY - 4000);
    expect(hint()).toBeNull();
    advance(DELAY * 5);
    expect(hint()).toBeNull();
  });

  it('disappears when the panel is opened, from the button or from the hint itself', async () => {
    renderWithContent(<ChatWidget />);
    advance(DELAY);
    expect(hint()).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Need help?' }));
    await settle();
    expect(panel()).toBeVisible();
    expect(hint()).toBeNull();
    fireEvent.keyDown(panel() as HTMLElement, { key: 'Escape' });
    advance(DELAY * 2);
    expect(hint()).toBeNull();
  });
});

describe('panel', () => {
  it('toggles from the button; focus moves into it and back to the button', async () => {
    renderWithContent(<ChatWidget />);
    expect(chatButton()).toHaveAttribute('aria-expanded', 'false');
    expect(panel()).toBeNull();
    // Not yet in the document: nothing to name (a reference to a missing id is invalid ARIA).
    expect(chatButton()).not.toHaveAttribute('aria-controls');

    fireEvent.click(chatButton());
    await settle();
    const dialog = panel() as HTMLElement;
    expect(dialog).toBeVisible();
    expect(chatButton()).toHaveAttribute('aria-expanded', 'true');
    expect(chatButton()).toHaveAttribute('aria-controls', dialog.id);
    expect(dialog).toHaveFocus();
    expect(screen.getByRole('form', { name: 'Contact form' })).toBeInTheDocument();

    fireEvent.click(chatButton());
    expect(panel()).toBeNull(); // hidden: not in the accessibility tree
    expect(chatButton()).toHaveAttribute('aria-expanded', 'false');
    expect(chatButton()).toHaveFocus();

    fireEvent.click(chatButton());
    expect(panel()).toBeVisible();
  });

  it('closes with Escape (from inside it) and with its close button', async () => {
    renderWithContent(<ChatWidget />);
    fireEvent.click(chatButton());
    await settle();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Name' }), { key: 'Escape' });
    expect(panel()).toBeNull();
    expect(chatButton()).toHaveFocus();

    fireEvent.click(chatButton());
    fireEvent.click(screen.getByRole('button', { name: site.frame.closeLabel }));
    expect(panel()).toBeNull();
    expect(chatButton()).toHaveFocus();
  });

  it('keeps what was typed when closed and reopened, and closes once the message is sent', async () => {
    renderWithContent(<ChatWidget />);
    fireEvent.click(chatButton());
    await settle();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Asha' } });
    fireEvent.click(chatButton());
    fireEvent.click(chatButton());
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Asha');

    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(panel()).toBeNull();
    expect(chatButton()).toHaveAttribute('aria-expanded', 'false');
  });
});
