import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithContent } from '../../../tests/support/content.tsx';
import ActionButton from './ActionButton.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ActionButton', () => {
  it('shows the YAML label and text and scrolls smoothly to the anchor it points at', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderWithContent(
      <>
        <ActionButton
          block={{ type: 'actionButton', text: 'Ready?', label: 'Get Start Today', href: '#demo' }}
        />
        <section id="demo">form</section>
      </>,
    );
    expect(screen.getByText('Ready?')).toBeInTheDocument();
    const button = screen.getByRole('link', { name: 'Get Start Today' });
    expect(button).toHaveAttribute('href', '#demo');
    fireEvent.click(button);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ behavior: 'smooth' }));
    expect(window.location.hash).toBe('#demo');
  });

  it('does not open a new tab for an anchor', () => {
    renderWithContent(
      <ActionButton block={{ type: 'actionButton', label: 'Get in touch', href: '#contactus' }} />,
    );
    expect(screen.getByRole('link', { name: 'Get in touch' })).not.toHaveAttribute('target');
  });
});
