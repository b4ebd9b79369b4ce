import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithContent } from '../../../tests/support/content.tsx';
import ProductFooter from './ProductFooter.tsx';

describe('ProductFooter', () => {
  it('shows the eyebrow, heading, text, every highlight and the action link from YAML', () => {
    renderWithContent(
      <ProductFooter
        block={{
          type: 'productFooter',
          eyebrow: 'Launching soon',
          heading: 'Edu Fee Master',
          text: 'Be among the first.',
          highlights: [
            { icon: 'credit-card', title: 'Online payments', text: 'UPI and cards.' },
            { icon: 'wallet', title: 'Fee plans' },
          ],
          action: { label: 'Register your interest', href: '#demo' },
        }}
      />,
    );
    const band = screen.getByRole('region', { name: 'Launching soon Edu Fee Master' });
    expect(within(band).getByText('Launching soon')).toBeInTheDocument();
    expect(within(band).getByRole('heading', { level: 2, name: 'Edu Fee Master' })).toBeInTheDocument();
    expect(within(band).getByText('Be among the first.')).toBeInTheDocument();
    const items = within(band).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Online paymentsUPI and cards.', 'Fee plans']);
    expect(within(band).getByRole('link', { name: 'Register your interest' })).toHaveAttribute(
      'href',
      '#demo',
    );
  });
});
