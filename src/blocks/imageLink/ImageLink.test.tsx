import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadContent, renderWithContent } from '../../../tests/support/content.tsx';
import ImageLink from './ImageLink.tsx';

const { site } = loadContent();

describe('ImageLink', () => {
  it('makes the picture a link to the external site, opening in a new tab with a safe rel', () => {
    renderWithContent(
      <ImageLink
        block={{
          type: 'imageLink',
          heading: 'See it live',
          href: 'https://transit.example.com',
          image: {
            src: '/images/products/triunetransitshield/transit-site.svg',
            alt: 'The website on a laptop',
          },
          label: 'Visit the website',
        }}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'See it live' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /Visit the website/ });
    expect(link).toHaveAttribute('href', 'https://transit.example.com');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // The picture is inside the link, so clicking the picture follows it.
    expect(link).toContainElement(screen.getByRole('img', { name: 'The website on a laptop' }));
    // Screen-reader users are told that a new tab opens.
    expect(site.frame.newTabHint).toBe('(opens in a new tab)');
    const escaped = site.frame.newTabHint.replace(/[()]/g, '\\$&');
    expect(link).toHaveAccessibleName(expect.stringMatching(new RegExp(`Visit the website ${escaped}$`)));
    expect(screen.getByText(site.frame.newTabHint)).toHaveClass('visually-hidden');
  });
});
