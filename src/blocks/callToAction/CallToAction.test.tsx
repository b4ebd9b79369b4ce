import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithContent } from '../../../tests/support/content.tsx';
import CallToAction from './CallToAction.tsx';

describe('CallToAction', () => {
  const block = {
    type: 'callToAction' as const,
    label: 'Ready to connect your fleet?',
    paragraph: 'Contact us for a free demo.',
  };

  it('shows the label as a heading that is neither a link nor a button, then the paragraph', () => {
    renderWithContent(<CallToAction block={block} />);
    const label = screen.getByRole('heading', { level: 2, name: block.label });
    expect(label.closest('a, button, [role="button"], [role="link"]')).toBeNull();
    expect(label).not.toHaveAttribute('tabindex');
    expect(label).not.toHaveAttribute('onclick');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText(block.paragraph)).toBeInTheDocument();
  });

  it('paints the label with the YAML gradient, colours in order', () => {
    renderWithContent(<CallToAction block={{ ...block, gradient: ['#4338ca', '#0ea5e9', '#14b8a6'] }} />);
    const label = screen.getByRole('heading', { name: block.label });
    expect(label.style.getPropertyValue('--cta-gradient')).toBe(
      'linear-gradient(120deg, #4338ca, #0ea5e9, #14b8a6)',
    );
  });

  it('keeps the brand gradient when no gradient is given', () => {
    renderWithContent(<CallToAction block={block} />);
    const label = screen.getByRole('heading', { name: block.label });
    expect(label.style.getPropertyValue('--cta-gradient')).toBe('');
  });
});
