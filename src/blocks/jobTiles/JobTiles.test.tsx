import { act, type RenderResult, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadContent, renderRoute, settled } from '../../../tests/support/content.tsx';
import type { Page, RouteEntry } from '../../content/model.ts';
import type { SiteContent } from '../../renderer/ContentContext.tsx';
import { jobPostingFor, jsonLdText, postingDescription } from './jobPosting.ts';

/** The first render loads the frame's and blocks' code on demand: allow for a busy machine. */
const LOAD = { timeout: 15000 };

/** Renders inside an awaited act(), so React retries the page and its lazy blocks when loaded. */
async function show(route: string, content: SiteContent): Promise<RenderResult> {
  let result: RenderResult | undefined;
  await act(async () => {
    result = renderRoute(route, content);
  });
  return result as RenderResult;
}

const remotePage: Page = {
  path: '/careers/tester',
  title: 'Tester | Fixture Co',
  description: 'A test opening.',
  blocks: [
    {
      type: 'jobTiles',
      title: 'QA Tester </script><b>',
      tiles: [
        { legend: 'Work Location', value: 'remote', kind: 'location' },
        { legend: 'Exp-Level', value: '1-3 yrs', kind: 'experience' },
        { legend: 'Job Type', value: 'full time' },
      ],
      action: { label: 'Apply Now', link: '#apply' },
      posting: {
        datePosted: '2026-11-02',
        validThrough: '2027-02-28',
        employmentType: 'FULL_TIME',
        experienceMonths: 12,
        descriptionFrom: 'Job Description',
        workplace: { remote: true, applicantCountry: 'India' },
      },
    },
    {
      type: 'textCards',
      cards: [
        { title: 'About Us', content: 'We are a fixture.' },
        { title: 'Job Description', content: ['You test things.', 'Bugs & <edge> cases.'] },
      ],
    },
    { type: 'bulletGrid', cards: [{ title: 'Responsibilities', bullets: ['Testing: all of it'] }] },
  ],
};

const onSiteBlock = {
  ...(remotePage.blocks[0] as Extract<Page['blocks'][number], { type: 'jobTiles' }>),
  posting: {
    datePosted: '2026-11-02',
    validThrough: '2027-02-28',
    employmentType: 'FULL_TIME' as const,
    experienceMonths: 24,
    descriptionFrom: 'Job Description',
    workplace: { remote: false as const, locality: 'Bengaluru', region: 'KA', country: 'IN' },
  },
};

function contentWith(page: Page): SiteContent {
  const base = loadContent();
  const route: RouteEntry = {
    path: page.path,
    canonicalPath: page.path,
    file: 'pages/careers/tester.yaml',
    noindex: false,
  };
  return {
    ...base,
    routes: [...base.routes, route],
    loadPage: (file) => (file === route.file ? settled(page) : base.loadPage(file)),
  };
}

describe('JobTiles', () => {
  it('renders the job title as the page h1 and each tile legend with its value exactly as written', async () => {
    await show('/careers/tester', contentWith(remotePage));
    expect(await screen.findByRole('heading', { level: 1 }, LOAD)).toHaveTextContent(
      'QA Tester </script><b>',
    );
    const terms = screen.getAllByRole('term');
    const facts = Object.fromEntries(terms.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(facts).toEqual({ 'Work Location': 'remote', 'Exp-Level': '1-3 yrs', 'Job Type': 'full time' });
  });

  it('shows the optional action as a link to its anchor', async () => {
    await show('/careers/tester', contentWith(remotePage));
    await screen.findByRole('heading', { level: 1 }, LOAD);
    expect(screen.getByRole('link', { name: 'Apply Now' })).toHaveAttribute('href', '#apply');
  });

  it('publishes the JobPosting as JSON-LD that parses back to the posting', async () => {
    const { container } = await show('/careers/tester', contentWith(remotePage));
    await screen.findByRole('heading', { level: 1 }, LOAD);
    const scripts = container.querySelectorAll('script[type="application/ld+json"]');
    expect(scripts).toHaveLength(1);
    const raw = scripts[0]?.textContent ?? '';
    // No "<" survives unescaped, so the title cannot close the script element.
    expect(raw).not.toContain('<');
    const data = JSON.parse(raw);
    expect(data['@type']).toBe('JobPosting');
    expect(data.title).toBe('QA Tester </script><b>');
    const { site } = loadContent();
    expect(data.hiringOrganization).toEqual({
      '@type': 'Organization',
      name: site.company.name,
      sameAs: site.url,
      logo: `${site.url}${site.company.logo}`,
    });
    expect(within(container).queryByText(/"@type"/)).toBeNull();
  });
});

describe('jobPostingFor', () => {
  const site = loadContent().site;

  it('declares a remote job as TELECOMMUTE with the applicant country, and no jobLocation', () => {
    const posting = jobPostingFor(remotePage.blocks[0] as typeof onSiteBlock, remotePage, site);
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      url: `${site.url}/careers/tester`,
      datePosted: '2026-11-02',
      validThrough: '2027-02-28',
      employmentType: 'FULL_TIME',
      directApply: true,
      experienceRequirements: { '@type': 'OccupationalExperienceRequirements', monthsOfExperience: 12 },
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'India' },
    });
    expect(posting).not.toHaveProperty('jobLocation');
  });

  it('declares an on-site job with a PostalAddress, and no TELECOMMUTE', () => {
    const posting = jobPostingFor(onSiteBlock, remotePage, site);
    expect(posting.jobLocation).toEqual({
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        addressLocality: 'Bengaluru',
        addressRegion: 'KA',
        addressCountry: 'IN',
      },
    });
    expect(posting).not.toHaveProperty('jobLocationType');
    expect(posting).not.toHaveProperty('applicantLocationRequirements');
    expect(posting.experienceRequirements).toMatchObject({ monthsOfExperience: 24 });
  });

  it('describes the job with the named text card, then the bullet cards, as escaped HTML', () => {
    expect(postingDescription(onSiteBlock, remotePage, site)).toBe(
      '<p>You test things.</p><p>Bugs &amp; &lt;edge&gt; cases.</p>' +
        '<h3>Responsibilities</h3><ul><li>Testing: all of it</li></ul>',
    );
  });

  it('escapes every "<" in the script text and still parses to the same data', () => {
    const data = { '@type': 'JobPosting', title: '</script><script>alert(1)</script>' };
    const text = jsonLdText(data);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(data);
  });
});
