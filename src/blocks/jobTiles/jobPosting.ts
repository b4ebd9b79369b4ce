/**
 * The schema.org JobPosting of a career page, built from its YAML: the jobTiles block's title and
 * `posting` facts, the description from the page's own text and bullet cards, the hiring
 * organisation from site.yaml. Pure, so the build, the browser and tests produce the same object.
 */
import type { BlockOf, Page, SiteConfig } from '../../content/model.ts';
import { resolveTextCards } from '../textCards/resolveCards.ts';

type JobTiles = BlockOf<'jobTiles'>;

export type JsonLd = { [key: string]: string | number | boolean | JsonLd | JsonLd[] };

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The posting's description (HTML, as search engines expect): the paragraphs of the text card named
 * by `posting.descriptionFrom`, then each bullet card of the page as a heading and a list.
 */
export function postingDescription(block: JobTiles, page: Page, site: SiteConfig): string {
  const parts: string[] = [];
  for (const b of page.blocks) {
    if (b.type === 'textCards') {
      for (const card of resolveTextCards(b, site)) {
        if (card.title !== block.posting.descriptionFrom) continue;
        parts.push(...card.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`));
      }
    }
  }
  for (const b of page.blocks) {
    if (b.type !== 'bulletGrid') continue;
    for (const card of b.cards) {
      const items = card.bullets.map((item) => `<li>${escapeHtml(item)}</li>`).join('');
      parts.push(`<h3>${escapeHtml(card.title)}</h3><ul>${items}</ul>`);
    }
  }
  return parts.join('');
}

/** An absolute address on the site ("https://example.com/careers/x") from a site path. */
function absolute(site: SiteConfig, path: string): string {
  return `${site.url}${path === '/' ? '/' : path}`;
}

export function jobPostingFor(block: JobTiles, page: Page, site: SiteConfig): JsonLd {
  const { posting } = block;
  const { workplace } = posting;
  const location: JsonLd = workplace.remote
    ? {
        jobLocationType: 'TELECOMMUTE',
        applicantLocationRequirements: { '@type': 'Country', name: workplace.applicantCountry },
      }
    : {
        jobLocation: {
          '@type': 'Place',
          address: {
            '@type': 'PostalAddress',
            ...(workplace.streetAddress !== undefined && { streetAddress: workplace.streetAddress }),
            addressLocality: workplace.locality,
            addressRegion: workplace.region,
            ...(workplace.postalCode !== undefined && { postalCode: workplace.postalCode }),
            addressCountry: workplace.country,
          },
        },
      };
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: block.title,
    description: postingDescription(block, page, site),
    url: absolute(site, page.path),
    datePosted: posting.datePosted,
    validThrough: posting.validThrough,
    employmentType: posting.employmentType,
    directApply: true,
    hiringOrganization: {
      '@type': 'Organization',
      name: site.company.name,
      sameAs: site.url,
      logo: absolute(site, site.company.logo),
    },
    experienceRequirements: {
      '@type': 'OccupationalExperienceRequirements',
      monthsOfExperience: posting.experienceMonths,
    },
    ...location,
  };
}

/** JSON for an inline <script>: "<" is escaped so no text can close the script element early. */
export function jsonLdText(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
