import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary.tsx';

let broken = true;
function Screen() {
  if (broken) throw new Error('Excessive alias count indicates a resource exhaustion attack');
  return <p>The list of pages</p>;
}

afterEach(() => vi.restoreAllMocks());

describe('ErrorBoundary', () => {
  it('shows what failed and a way back, instead of a blank app; Try again draws the screen afresh', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <>
        <nav aria-label="Staff area">Inbox · Content</nav>
        <ErrorBoundary screen="the Content section">
          <Screen />
        </ErrorBoundary>
      </>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong in the Content section');
    expect(alert).toHaveTextContent('Excessive alias count');
    // The rest of the app is still there.
    expect(screen.getByRole('navigation', { name: 'Staff area' })).toBeInTheDocument();

    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('The list of pages')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
