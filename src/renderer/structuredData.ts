/** schema.org data for search engines, generated from site.yaml. */
import type { SiteConfig } from '../content/model.ts';

/** JSON for a <script type="application/ld+json">, safe to embed in HTML (no "</script>" breakout). */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export function organizationJsonLd(site: SiteConfig): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.company.name,
    description: site.company.description,
    url: `${site.url}/`,
    logo: `${site.url}${site.company.logo}`,
    email: site.contact.email,
    telephone: site.contact.phone,
    address: { '@type': 'PostalAddress', streetAddress: site.contact.address, addressCountry: 'IN' },
    contactPoint: [
      {
        '@type': 'ContactPoint',
        contactType: 'customer support',
        email: site.contact.email,
        telephone: site.contact.phone,
        areaServed: 'IN',
        availableLanguage: ['en', 'hi', 'kn'],
      },
    ],
    sameAs: Object.values(site.social),
  };
}
