import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithContent } from '../../../tests/support/content.tsx';
import PageHero from './PageHero.tsx';

const background = { desktop: '/images/h-desktop.svg', mobile: '/images/h-mobile.svg' };

describe('PageHero', () => {
  it("shows the page's one h1 and the subheading", () => {
    renderWithContent(
      <PageHero block={{ type: 'pageHero', heading: 'Telematics', subheading: 'Live data.', background }} />,
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Telematics' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Telematics' })).toBeInTheDocument();
    expect(screen.getByText('Live data.')).toBeInTheDocument();
  });

  it('loads its background first, with the mobile picture below 768px', () => {
    renderWithContent(<PageHero block={{ type: 'pageHero', heading: 'Telematics', background }} />);
    const source = document.querySelector('picture source');
    expect(source).toHaveAttribute('media', '(max-width: 767px)');
    expect(source).toHaveAttribute('srcset', background.mobile);
    const img = document.querySelector('picture img');
    expect(img).toHaveAttribute('src', background.desktop);
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  it('shows the optional badge only when given', () => {
    const { unmount } = renderWithContent(
      <PageHero block={{ type: 'pageHero', heading: 'ERP', background, badge: 'Coming Soon' }} />,
    );
    expect(screen.getByText('Coming Soon')).toBeInTheDocument();
    unmount();
    renderWithContent(<PageHero block={{ type: 'pageHero', heading: 'ERP', background }} />);
    expect(screen.queryByText('Coming Soon')).toBeNull();
  });

  it('pins the badge to the bottom right of the hero', () => {
    const css = readFileSync(path.join(import.meta.dirname, 'PageHero.module.css'), 'utf8');
    const badge = /\.badge\s*{([^}]*)}/.exec(css)?.[1] ?? '';
    expect(badge).toMatch(/position:\s*absolute;/);
    expect(badge).toMatch(/\bright:/);
    expect(badge).toMatch(/\bbottom:/);
    expect(badge).not.toMatch(/\b(left|top):/);
    expect(/\.hero\s*{[^}]*position:\s*relative;/.test(css)).toBe(true);
  });
});
