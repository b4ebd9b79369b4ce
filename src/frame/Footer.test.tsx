import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadContent, renderWithContent } from '../../tests/support/content.tsx';
import { Footer } from './Footer.tsx';
import { stubMatchMedia } from './testing.ts';

const { site } = loadContent();
/** A link's accessible name when it opens a new tab: its words, then the hint (screen readers only). */
const newTab = (name: string) => `${name} ${site.frame.newTabHint}`;

beforeEach(() => stubMatchMedia(false));

function footer() {
  renderWithContent(<Footer />, { path: '/about' });
  return screen.getByRole('contentinfo');
}

describe('Footer', () => {
  it('is the #contactus target, headed "Get in touch!"', () => {
    const el = footer();
    expect(el).toHaveAttribute('id', 'contactus');
    expect(within(el).getByRole('heading', { level: 2 })).toHaveTextContent('Get in touch!');
    expect(site.frame.footerHeading).toBe('Get in touch!');
  });

  it('links the email, the phone (digits only) and the address (a maps search in a new tab, said to screen readers)', () => {
    const el = footer();
    expect(within(el).getByText('Email us')).toBeInTheDocument();
    expect(within(el).getByRole('link', { name: site.contact.email })).toHaveAttribute(
      'href',
      `mailto:${site.contact.email}`,
    );
    const phone = within(el).getByRole('link', { name: site.contact.phone });
    expect(phone).toHaveAttribute('href', `tel:${site.contact.phone.replace(/ /g, '')}`);
    expect(phone.getAttribute('href')).not.toMatch(/\s/);
    const address = within(el).getByRole('link', { name: newTab(site.contact.address) });
    expect(within(address).getByText(site.frame.newTabHint)).toHaveClass('visually-hidden');
    expect(address).toHaveAttribute(
      'href',
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(site.contact.address)}`,
    );
    expect(address).toHaveAttribute('target', '_blank');
    expect(address).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('links the four social profiles in new tabs, each with an accessible name saying so', () => {
    const el = footer();
    for (const [network, name] of [
      ['facebook', 'Facebook'],
      ['twitter', 'Twitter'],
      ['linkedin', 'LinkedIn'],
      ['instagram', 'Instagram'],
    ] as const) {
      expect(site.frame.socialLabels[network]).toBe(name);
      const link = within(el).getByRole('link', { name: newTab(name) });
      expect(within(link).getByText(site.frame.newTabHint)).toHaveClass('visually-hidden');
      expect(link).toHaveAttribute('href', site.social[network]);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    }
  });

  it('links every section of the site', () => {
    const el = footer();
    const nav = within(el).getByRole('navigation');
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['About', '/about'],
      ['Products', '/products'],
      ['Services', '/services'],
      ['Careers', '/careers'],
    ]);
  });

  it('links the privacy notice', () => {
    const el = footer();
    expect(site.frame.privacyLink?.link).toBe('/privacy');
    const link = within(el).getByRole('link', { name: site.frame.privacyLink?.text ?? 'missing' });
    expect(link).toHaveAttribute('href', '/privacy');
  });

  it('ends with the 2024 copyright line and shows the light logo with the company name', () => {
    const el = footer();
    expect(within(el).getByText(site.copyright)).toHaveTextContent(/2024/);
    expect(within(el).getByRole('img', { name: site.company.name })).toHaveAttribute(
      'src',
      site.company.logoInverse,
    );
  });
});
