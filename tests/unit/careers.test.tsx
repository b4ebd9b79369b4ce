/**
 * The five career pages (and /careers): the specification's table exactly, the application form
 * posting the page's job title as `position`, a half-filled form cleared when moving to another
 * opening, and the schema.org JobPosting JSON-LD with the right location model.
 */
import { act, type RenderResult, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openPositions } from '../../src/content/model.ts';
import { stubMatchMedia } from '../../src/frame/testing.ts';
import { App } from '../../src/renderer/App.tsx';
import { loadContent, renderRoute, withContent } from '../support/content.tsx';

/** The first render loads the frame's and blocks' code on demand: allow for a busy machine. */
const LOAD = { timeout: 15000 };

/**
 * Renders the app at an address inside an awaited act(), so React retries the page and its lazy
 * blocks when their code arrives (an un-awaited first render can stay on the Suspense fallback).
 */
async function show(route: string, ui?: ReactNode): Promise<RenderResult> {
  let result: RenderResult | undefined;
  await act(async () => {
    result = ui ? render(withContent(ui, { path: route })) : renderRoute(route);
  });
  return result as RenderResult;
}

/** The specification's career table, word for word. */
const TABLE = [
  {
    route: '/careers/customer-support',
    title: 'Customer Support',
    location: 'remote',
    experience: '1-3 yrs',
    type: 'full time',
  },
  {
    route: '/careers/business-executive',
    title: 'Business Development Executive',
    location: 'remote',
    experience: '1-4 yrs',
    type: 'full time',
  },
  {
    route: '/careers/digital-marketing',
    title: 'Digital Marketing Specialist',
    location: 'remote',
    experience: '1+ yrs',
    type: 'full time',
  },
  {
    route: '/careers/graphic-designer',
    title: 'Graphic Designer',
    location: 'remote',
    experience: '1+ yrs',
    type: 'full time',
  },
  {
    route: '/careers/app-developer',
    title: 'Mobile App Developer',
    location: 'Bangalore, India',
    experience: '1+ yrs',
    type: 'full time',
  },
] as const;

/** The legend -> value pairs of the page's info tiles. */
function tileFacts(): Record<string, string | null | undefined> {
  return Object.fromEntries(
    screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
  );
}

function jsonLd(container: HTMLElement) {
  const scripts = container.querySelectorAll('script[type="application/ld+json"]');
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0]?.textContent ?? '');
}

/** Exposes the router's navigate function, as a click on a link elsewhere on the page would use it. */
let navigateTo: ((to: string) => void) | undefined;
function Navigator() {
  navigateTo = useNavigate();
  return null;
}

const originalMatchMedia = window.matchMedia;
beforeEach(() => {
  stubMatchMedia(false); // jsdom has none; the frame and the dialogs ask it.
});

afterEach(() => {
  window.matchMedia = originalMatchMedia;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('career pages render the specification table exactly', () => {
  for (const row of [...TABLE, { ...TABLE[0], route: '/careers' }]) {
    it(`${row.route}: ${row.title}, ${row.location}, ${row.experience}, ${row.type}`, async () => {
      await show(row.route);
      const h1 = await screen.findByRole('heading', { level: 1 }, LOAD);
      expect(h1.textContent).toBe(row.title);
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(tileFacts()).toEqual({
        'Work Location': row.location,
        'Exp-Level': row.experience,
        'Job Type': row.type,
      });
    });
  }

  it('lists the five openings, in order, with the home cards’ own figures', () => {
    const jobs = loadContent().collections.jobs;
    const spec: string[] = TABLE.map((r) => r.route);
    // Openings added later as one YAML file each may come anywhere in the list.
    expect(jobs.filter((j) => spec.includes(j.link)).map((j) => [j.link, j.title, j.years])).toEqual([
      ['/careers/customer-support', 'Customer Support', '2 yrs'],
      ['/careers/business-executive', 'Business Executive', '5 yrs'],
      ['/careers/digital-marketing', 'Digital Marketing', '3 yrs'],
      ['/careers/graphic-designer', 'Graphic Designer', '3 yrs'],
      ['/careers/app-developer', 'App Developer', '2 yrs'],
    ]);
  });

  it('accepts applications for the job title of every listed opening, the five among them', async () => {
    const content = loadContent();
    const pages = await Promise.all(
      [...new Set(content.routes.map((r) => r.file))].map(async (file) => ({
        page: await content.loadPage(file),
      })),
    );
    const positions = openPositions(pages);
    expect(positions).toEqual(expect.arrayContaining(TABLE.map((r) => r.title)));
    // One position per career page listed with the jobs, no more, no fewer.
    const listed = new Set(content.collections.jobs.map((j) => j.link));
    const jobPages = await Promise.all(
      content.routes
        .filter((r) => r.path === r.canonicalPath && listed.has(r.path))
        .map(async (r) => ({ page: await content.loadPage(r.file) })),
    );
    expect(positions.sort()).toEqual(openPositions(jobPages).sort());
    expect(positions).toHaveLength(listed.size);
  });

  it.each(TABLE)(
    '$route shows the layout blocks in order: tiles, About Us and Job Description, bullet cards, the form',
    async (row) => {
      const { unmount } = await show(row.route);
      await screen.findByRole('heading', { level: 1, name: row.title }, LOAD);
      const headings = screen.getAllByRole('heading').map((h) => h.textContent ?? '');
      const at = (name: string | RegExp) => {
        const i = headings.findIndex((h) => (typeof name === 'string' ? h === name : name.test(h)));
        expect(i, `heading ${name}`).toBeGreaterThanOrEqual(0);
        return i;
      };
      expect(at('About Us')).toBeGreaterThan(at(row.title));
      // About Us is the company's one shared text (site.yaml sharedText), the same on every opening.
      const aboutUs = loadContent().site.sharedText?.careersAboutUs;
      for (const paragraph of aboutUs?.content ?? ['(site.yaml has no careersAboutUs)'])
        expect(screen.getByText(paragraph)).toBeInTheDocument();
      expect(at('Job Description')).toBeGreaterThan(at('About Us'));
      expect(at('Responsibilities')).toBeGreaterThan(at('Job Description'));
      // The specification's four bullet cards: responsibilities; qualifications or requirements;
      // nice to have; must have or what we offer.
      expect(at(/^(Qualifications|Requirements)$/)).toBeGreaterThan(at('Responsibilities'));
      expect(at('Nice to Have')).toBeGreaterThan(at(/^(Qualifications|Requirements)$/));
      expect(at(/^(Must Have|What We Offer)$/)).toBeGreaterThan(at('Nice to Have'));
      expect(at('Apply for this position')).toBeGreaterThan(at(/^(Must Have|What We Offer)$/));
      expect(screen.getByText(/stored and handled by this website/)).toBeInTheDocument();
      unmount();
    },
  );
});

describe('the application form', () => {
  it('posts the page’s job title as position', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    await show('/careers/graphic-designer');
    await screen.findByRole('heading', { level: 1, name: 'Graphic Designer' }, LOAD);
    expect(screen.getByLabelText('Position')).toHaveValue('Graphic Designer');

    await user.type(screen.getByLabelText('Full Name'), 'Asha Rao');
    await user.type(screen.getByLabelText('Email Address'), 'asha@example.com');
    await user.type(screen.getByLabelText('Phone Number'), '9876543210');
    await user.type(screen.getByLabelText('Cover Letter'), 'I design magazines and apps.');
    const cv = new File(['%PDF-1.4\n%%EOF\n'], 'asha-cv.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText(/CV/), cv);
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/backend/api/apply-position');
    const body = init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.getAll('position')).toEqual(['Graphic Designer']);
    expect(body.get('fullName')).toBe('Asha Rao');
    expect((body.get('cv') as File).name).toBe('asha-cv.pdf');
    // HTTP 200: the success dialog, and the form is cleared (the position stays the page's title).
    expect(await screen.findByText('Application submitted successfully!')).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toHaveValue('');
    expect(screen.getByLabelText('Position')).toHaveValue('Graphic Designer');
  });

  it('is cleared when the visitor moves to another career page', async () => {
    const user = userEvent.setup();
    await show(
      '/careers/customer-support',
      <>
        <App />
        <Navigator />
      </>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Customer Support' }, LOAD);
    await user.type(screen.getByLabelText('Full Name'), 'Half Filled');
    await user.type(screen.getByLabelText('Cover Letter'), 'Started writing');
    expect(screen.getByLabelText('Full Name')).toHaveValue('Half Filled');

    await act(async () => navigateTo?.('/careers/app-developer'));
    await screen.findByRole('heading', { level: 1, name: 'Mobile App Developer' }, LOAD);
    expect(screen.getByLabelText('Position')).toHaveValue('Mobile App Developer');
    expect(screen.getByLabelText('Full Name')).toHaveValue('');
    expect(screen.getByLabelText('Cover Letter')).toHaveValue('');
  });
});

describe('JobPosting structured data', () => {
  for (const row of TABLE) {
    it(`${row.route} carries a JobPosting with the required properties`, async () => {
      const { container } = await show(row.route);
      await screen.findByRole('heading', { level: 1, name: row.title }, LOAD);
      const site = loadContent().site;
      const data = jsonLd(container);
      expect(data).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'JobPosting',
        title: row.title,
        url: `${site.url}${row.route}`,
        employmentType: 'FULL_TIME',
        directApply: true,
        hiringOrganization: {
          '@type': 'Organization',
          name: site.company.name,
          sameAs: site.url,
          logo: `${site.url}${site.company.logo}`,
        },
        experienceRequirements: { '@type': 'OccupationalExperienceRequirements', monthsOfExperience: 12 },
      });
      expect(data.datePosted).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(data.validThrough).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(data.validThrough > data.datePosted).toBe(true);
      // Real calendar dates (no 2027-02-30), as search engines parse them.
      for (const date of [data.datePosted, data.validThrough])
        expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(date);
      // The description is the page's own Job Description card, then its bullet cards.
      expect(data.description).toMatch(/^<p>.+<\/p>/);
      expect(data.description).toContain('<h3>Responsibilities</h3><ul><li>');
      if (row.location === 'remote') {
        expect(data.jobLocationType).toBe('TELECOMMUTE');
        expect(data.applicantLocationRequirements).toEqual({ '@type': 'Country', name: 'India' });
        expect(data).not.toHaveProperty('jobLocation');
      } else {
        expect(data).not.toHaveProperty('jobLocationType');
        expect(data.jobLocation).toMatchObject({
          '@type': 'Place',
          address: {
            '@type': 'PostalAddress',
            addressLocality: 'Bengaluru',
            addressRegion: 'KA',
            addressCountry: 'IN',
          },
        });
      }
    });
  }
});
