/** A page row's More: its actions hidden until asked for, closed by Escape, a choice or a click elsewhere. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RowMenu } from './RowMenu.tsx';

function menu() {
  const takeDown = vi.fn();
  const move = vi.fn();
  render(
    <>
      <RowMenu
        pageName="Graphic Designer"
        actions={[
          { label: 'Change address', name: 'Change address of Graphic Designer', run: move },
          { label: 'Take down', name: 'Take down Graphic Designer', run: takeDown },
        ]}
      />
      <button type="button">Elsewhere</button>
    </>,
  );
  return { takeDown, move, more: screen.getByRole('button', { name: 'More for Graphic Designer' }) };
}

describe('a page row’s More', () => {
  it('shows its actions only once asked, and says whether they are shown', async () => {
    const { more } = menu();
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Take down Graphic Designer' })).toBeNull();
    await userEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Take down Graphic Designer' })).toBeVisible();
  });

  it('runs the action chosen, closes, and leaves the keyboard on More', async () => {
    const { more, takeDown, move } = menu();
    await userEvent.click(more);
    await userEvent.click(screen.getByRole('button', { name: 'Take down Graphic Designer' }));
    expect(takeDown).toHaveBeenCalledOnce();
    expect(move).not.toHaveBeenCalled();
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveFocus();
  });

  it('is used by keyboard: Tab into the list, Escape closes it and returns to More', async () => {
    const { more } = menu();
    more.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Change address of Graphic Designer' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveFocus();
  });

  it('closes when the keyboard moves on past it, or on a click elsewhere', async () => {
    const { more } = menu();
    await userEvent.click(more);
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(more).toHaveAttribute('aria-expanded', 'false');
  });
});
