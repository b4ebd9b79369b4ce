import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithContent } from '../../../tests/support/content.tsx';
import FeatureImage from './FeatureImage.tsx';

describe('FeatureImage', () => {
  it('shows the heading, the optional text and the picture with its alt text', () => {
    renderWithContent(
      <FeatureImage
        block={{
          type: 'featureImage',
          heading: 'Why choose Us',
          text: 'One platform for safety.',
          image: {
            src: '/images/products/triunetransitshield/why-choose-us.svg',
            alt: 'Reasons to choose us',
          },
        }}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Why choose Us' })).toBeInTheDocument();
    expect(screen.getByText('One platform for safety.')).toBeInTheDocument();
    const img = screen.getByRole('img', { name: 'Reasons to choose us' });
    expect(img).toHaveAttribute('src', '/images/products/triunetransitshield/why-choose-us.svg');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('leaves the paragraph out when there is no text', () => {
    const { container } = renderWithContent(
      <FeatureImage
        block={{
          type: 'featureImage',
          heading: 'Why choose Us',
          image: { src: '/images/products/triunetransitshield/why-choose-us.svg', alt: 'Reasons' },
        }}
      />,
    );
    expect(container.querySelector('p')).toBeNull();
  });
});
