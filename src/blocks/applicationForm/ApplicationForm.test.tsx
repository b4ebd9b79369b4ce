vi.mock('sweetalert2', () => ({ default: { fire: vi.fn(async () => ({ isConfirmed: true })) } }));
// The job tiles (another block) are not under test here; only their title, read by jobTitleOf().
vi.mock('../jobTiles/JobTiles.tsx', () => ({ default: () => null }));

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { loadContent, renderWithContent } from '../../../tests/support/content.tsx';
import type { Page, RouteEntry } from '../../content/model.ts';
import {
  deferred,
  expectOnlyDialog,
  expectPrivacyLinkAfter,
  jsonResponse,
  stubFetch,
} from '../../forms/testing.ts';
import { preloadBlocks } from '../../renderer/BlockRenderer.tsx';
import type { SiteContent } from '../../renderer/ContentContext.tsx';
import { PageView } from '../../renderer/PageView.tsx';
import { fulfilledThenable } from '../../renderer/reactPrivate.ts';

const real = loadContent();
const words = real.site.forms.application;
const L = words.labels;

function careerPage(slug: string, title: string): { route: RouteEntry; page: Page } {
  const path = `/careers/${slug}`;
  const page = {
    path,
    title: `${title} | Careers`,
    description: `Job: ${title}`,
    blocks: [
      { type: 'jobTiles', title, tiles: [{ legend: 'Job Type', value: 'Full Time' }] },
      { type: 'applicationForm' },
    ],
  } as unknown as Page; // only what this test reads: the jobTiles title and the form
  const route: RouteEntry = {
    path,
    canonicalPath: path,
    file: `pages/careers/${slug}.yaml`,
    noindex: false,
  };
  return { route, page };
}

const support = careerPage('customer-support', 'Customer Support');
const designer = careerPage('graphic-designer', 'Graphic Designer');
// Already-loaded pages (React's `use` reads a thenable marked fulfilled without suspending), as after
// the app has loaded them once.
const loaded = (page: Page) => fulfilledThenable(page);
const pages = new Map([support, designer].map((p) => [p.route.file, loaded(p.page)]));
const content: SiteContent = {
  ...real,
  routes: [support.route, designer.route],
  loadPage: (file) => pages.get(file) ?? Promise.reject(new Error(file)),
};

/** The page view as the app mounts it: navigating to another career page keeps it mounted. */
function Career() {
  const [route, setRoute] = useState(support.route);
  return (
    <>
      <button type="button" onClick={() => setRoute(designer.route)}>
        Next job
      </button>
      <Suspense fallback={<p>Loading</p>}>
        <PageView route={route} />
      </Suspense>
    </>
  );
}

const file = (name: string, size: number, type = 'application/pdf') => {
  const f = new File(['%PDF'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

const valid = {
  fullName: 'Asha Rao',
  email: 'asha@example.com',
  phone: '9876543210',
  coverLetter: 'I have three years of support experience.',
};
type Values = typeof valid;

async function setup(options: { applyAccept?: boolean } = {}) {
  const user = userEvent.setup({ delay: null, ...options });
  // Async act lets the lazily loaded block resolve and render.
  await act(async () => {
    renderWithContent(<Career />, { content });
  });
  await screen.findByRole('heading', { level: 2, name: words.heading }, { timeout: 10000 });
  const field = {
    fullName: () => screen.getByLabelText(L.fullName),
    email: () => screen.getByLabelText(L.email),
    phone: () => screen.getByLabelText(L.phone),
    coverLetter: () => screen.getByLabelText(L.coverLetter),
    cv: () => screen.getByLabelText(L.cv) as HTMLInputElement,
    position: () => screen.getByLabelText(L.position),
  };
  const submit = () => screen.getByRole('button', { name: words.submit });
  const fill = async (values: Partial<Values>, cv: File | null = file('cv.pdf', 1000)) => {
    for (const key of ['fullName', 'email', 'phone', 'coverLetter'] as const) {
      const v = values[key];
      if (v) await user.type(field[key](), v);
    }
    if (cv) await user.upload(field.cv(), cv);
  };
  return { user, field, submit, fill };
}

beforeAll(async () => {
  await preloadBlocks(support.page.blocks);
});
beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('ApplicationForm', () => {
  it('takes its words from site.yaml (forms.application); the note says the website stores the data', async () => {
    const { field, submit } = await setup();
    for (const f of Object.values(field)) expect(f()).toBeInTheDocument();
    expect(submit()).toBeInTheDocument();
    expect(screen.getByText(words.cvHint)).toBeInTheDocument();
    expect(field.cv()).toHaveAccessibleDescription(words.cvHint);
    expect(screen.getByText(words.note)).toBeInTheDocument();
    expect(words.note).toMatch(/stored and handled by this website/);
  });

  it('caps the text fields in the browser, so their length rules are reached only by bypassing it', async () => {
    const { field } = await setup();
    expect(field.fullName()).toHaveAttribute('maxLength', '100');
    expect(field.email()).toHaveAttribute('maxLength', '254');
    expect(field.phone()).toHaveAttribute('maxLength', '20');
    expect(field.coverLetter()).toHaveAttribute('maxLength', '5000');
  });

  it('a too-long cover letter set by a script: a length warning, before the email rule', async () => {
    const { user, fill, submit, field } = await setup();
    const fetch = stubFetch(jsonResponse(200));
    await fill({ ...valid, email: 'bad', coverLetter: '' });
    fireEvent.change(field.coverLetter(), { target: { value: 'c'.repeat(5001) } });
    await user.click(submit());
    await expectOnlyDialog('Warning', 'Cover letter is too long (max 5000 characters).', 'warning');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('links the privacy notice next to its submit button', async () => {
    const { submit } = await setup();
    expectPrivacyLinkAfter(submit(), real.site.forms.privacy);
  });

  it('shows the page’s job title as the position, not editable', async () => {
    const { field } = await setup();
    expect(field.position()).toHaveValue('Customer Support');
    expect(field.position()).toHaveAttribute('readonly');
  });

  describe('choosing a CV', () => {
    it('discards a file that is not PDF/DOC/DOCX', async () => {
      // As a browser does when "All files" is chosen in the picker: the accept filter is not applied.
      const { user, field } = await setup({ applyAccept: false });
      await user.upload(field.cv(), file('photo.png', 1000, 'image/png'));
      await expectOnlyDialog('Warning', 'Only PDF/DOC/DOCX files are allowed', 'warning');
      expect(field.cv().files).toHaveLength(0);
      expect(field.cv().value).toBe('');
    });

    it('discards a file over 5 MB (5 MB itself is fine)', async () => {
      const { user, field } = await setup();
      await user.upload(field.cv(), file('cv.pdf', 5 * 1024 * 1024));
      expect(field.cv().files?.[0]?.name).toBe('cv.pdf');
      await user.upload(field.cv(), file('big.docx', 5 * 1024 * 1024 + 1));
      await expectOnlyDialog('Warning', 'File size exceeds 5MB', 'warning');
      expect(field.cv().files).toHaveLength(0);
      expect(field.cv().value).toBe('');
    });

    it('a discarded file counts as missing on submit', async () => {
      const { user, field, fill, submit } = await setup();
      await fill(valid, null);
      await user.upload(field.cv(), file('big.pdf', 6 * 1024 * 1024));
      await waitFor(() => expect(field.cv().value).toBe(''));
      vi.clearAllMocks();
      await user.click(submit());
      await expectOnlyDialog('Warning', 'All fields are required', 'warning');
    });
  });

  describe('validation on submit, in order', () => {
    it.each(['fullName', 'email', 'phone', 'coverLetter', 'cv'] as const)(
      '%s missing: All fields are required',
      async (missing) => {
        const { user, fill, submit } = await setup();
        const fetch = stubFetch(jsonResponse(200));
        await fill(
          { ...valid, ...(missing !== 'cv' && { [missing]: '' }) },
          missing === 'cv' ? null : undefined,
        );
        await user.click(submit());
        await expectOnlyDialog('Warning', 'All fields are required', 'warning');
        expect(fetch).not.toHaveBeenCalled();
      },
    );

    it('email: Invalid email address (before the phone rule)', async () => {
      const { user, fill, submit, field } = await setup();
      await fill({ ...valid, email: 'asha@example', phone: '123' });
      await user.click(submit());
      await expectOnlyDialog('Warning', 'Invalid email address', 'warning');
      await waitFor(() => expect(field.email()).toHaveFocus());
    });

    it('phone not 7 to 15 digits: Invalid phone number', async () => {
      const { user, fill, submit } = await setup();
      await fill({ ...valid, phone: '+91 98765' });
      await user.click(submit());
      await expectOnlyDialog('Warning', 'Invalid phone number', 'warning');
    });
  });

  it('posts multipart with the position, shows Submitting..., and clears the form on 200', async () => {
    const { user, fill, submit, field } = await setup();
    const answer = deferred<Response>();
    const fetch = stubFetch(() => answer.promise);
    const cv = file('asha-cv.docx', 2000);
    await fill(valid, cv);
    await user.click(submit());
    const busy = screen.getByRole('button', { name: real.site.forms.busyLabel });
    expect(real.site.forms.busyLabel).toBe('Submitting...');
    expect(busy).toBeDisabled();
    expect(busy.querySelector('[aria-hidden="true"]')).not.toBeNull(); // the spinner
    fireEvent.submit(screen.getByRole('form'));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe(`${real.site.backend}/api/apply-position`);
    const body = init?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries([...body.entries()].filter(([, v]) => typeof v === 'string'))).toEqual({
      ...valid,
      position: 'Customer Support',
    });
    expect((body.get('cv') as File).name).toBe('asha-cv.docx');
    answer.resolve(jsonResponse(200, { message: 'stored' }));
    await expectOnlyDialog('Success', 'Application submitted successfully!', 'success');
    for (const key of ['fullName', 'email', 'phone', 'coverLetter'] as const)
      expect(field[key]()).toHaveValue('');
    expect(field.cv().value).toBe('');
    expect(field.position()).toHaveValue('Customer Support');
    expect(submit()).toBeEnabled();
  });

  it.each([
    [
      'the server’s message',
      jsonResponse(400, { message: 'This position is closed' }),
      'This position is closed',
    ],
    ['"Something went wrong" without one', jsonResponse(500), 'Something went wrong'],
    ['"Something went wrong" for another OK status than 200', jsonResponse(201), 'Something went wrong'],
    ['"Something went wrong" on a network failure', new TypeError('Failed to fetch'), 'Something went wrong'],
  ])('failure shows Error with %s and keeps the entries', async (_, answer, text) => {
    const { user, fill, submit, field } = await setup();
    stubFetch(answer);
    await fill(valid);
    await user.click(submit());
    await expectOnlyDialog('Error', text, 'error');
    expect(field.fullName()).toHaveValue(valid.fullName);
    expect(field.cv().files?.[0]?.name).toBe('cv.pdf');
    expect(submit()).toBeEnabled();
  });

  it('clears when the job title changes', async () => {
    const { user, fill, field } = await setup();
    await fill(valid);
    expect(field.fullName()).toHaveValue(valid.fullName);
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Next job' }));
    });
    await waitFor(() => expect(field.position()).toHaveValue('Graphic Designer'));
    expect(field.fullName()).toHaveValue('');
    expect(field.coverLetter()).toHaveValue('');
    expect(field.cv().value).toBe('');
  });
});
