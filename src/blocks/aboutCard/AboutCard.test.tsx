import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithContent } from '../../../tests/support/content.tsx';
import AboutCard from './AboutCard.tsx';

describe('AboutCard', () => {
  it('shows the title as an h2 and the description', () => {
    renderWithContent(
      <AboutCard block={{ type: 'aboutCard', title: 'About Service', description: 'We build apps.' }} />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'About Service' })).toBeInTheDocument();
    expect(screen.getByText('We build apps.')).toBeInTheDocument();
    expect(document.querySelector('picture')).toBeNull();
  });

  it('shows a list of paragraphs, repeated ones included, in order', () => {
    const { container } = renderWithContent(
      <AboutCard block={{ type: 'aboutCard', title: 'About', description: ['One.', 'Two.', 'One.'] }} />,
    );
    expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['One.', 'Two.', 'One.']);
  });

  it('switches its decorative background to the mobile picture below 768px', () => {
    renderWithContent(
      <AboutCard
        block={{
          type: 'aboutCard',
          title: 'About Service',
          description: 'Text.',
          background: { desktop: '/images/a-desktop.svg', mobile: '/images/a-mobile.svg' },
        }}
      />,
    );
    const source = document.querySelector('picture source');
    expect(source).toHaveAttribute('media', '(max-width: 767px)');
    expect(source).toHaveAttribute('srcset', '/images/a-mobile.svg');
    const img = document.querySelector('picture img');
    expect(img).toHaveAttribute('src', '/images/a-desktop.svg');
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveAttribute('loading', 'lazy');
  });
});
