vi.mock('sweetalert2', () => ({ default: { fire: vi.fn(async () => ({ isConfirmed: true })) } }));

import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadContent, renderWithContent } from '../../../tests/support/content.tsx';
import {
  deferred,
  expectOnlyDialog,
  expectPrivacyLinkAfter,
  jsonResponse,
  stubFetch,
} from '../../forms/testing.ts';
import BrochureForm from './BrochureForm.tsx';

const { site } = loadContent();
const words = site.forms.brochure;

function setup(block: Parameters<typeof BrochureForm>[0]['block'] = { type: 'brochureForm' }) {
  const user = userEvent.setup({ delay: null });
  renderWithContent(<BrochureForm block={block} />);
  const email = () => screen.getByLabelText(words.emailLabel);
  const submit = () => screen.getByRole('button', { name: words.submit });
  return { user, email, submit };
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('BrochureForm', () => {
  it('takes its words from site.yaml (forms.brochure) and the sentence about its brochure from the block', () => {
    setup({ type: 'brochureForm', anchor: 'get-it', text: 'Features and pricing in one PDF.' });
    const heading = screen.getByRole('heading', { level: 2, name: words.heading });
    expect(heading.closest('section')).toHaveAttribute('id', 'get-it');
    expect(screen.getByRole('form', { name: words.heading })).toBeInTheDocument();
    expect(screen.getByText('Features and pricing in one PDF.')).toBeInTheDocument();
    expect(screen.getByLabelText(words.emailLabel)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(words.emailLabel)).toHaveAttribute('placeholder', words.placeholder);
    expect(screen.getByRole('button', { name: words.submit })).toBeInTheDocument();
    expect(words.submit).toBe('Submit'); // the specification's label, restored after sending
    expect(words.note).toBeTruthy();
    expect(screen.getByText(words.note as string)).toBeInTheDocument();
  });

  it('leaves out the sentence when the block has none', () => {
    setup();
    const section = screen.getByRole('region', { name: words.heading });
    expect(section).toHaveAttribute('id', 'brochure');
    expect(section.querySelectorAll('p')).toHaveLength(2); // the note and the privacy link only
  });

  it('caps the email in the browser; a longer one set by a script gets the length warning', async () => {
    const { user, email, submit } = setup();
    expect(email()).toHaveAttribute('maxLength', '254');
    const fetch = stubFetch(jsonResponse(200));
    fireEvent.change(email(), { target: { value: `${'a'.repeat(250)}@example.com` } });
    await user.click(submit());
    await expectOnlyDialog('Warning', 'Email address is too long (max 254 characters).', 'warning');
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each(['', '   ', 'asha@example', 'asha example.com'])('email %j: Warning', async (value) => {
    const { user, email, submit } = setup();
    const fetch = stubFetch(jsonResponse(200));
    if (value) await user.type(email(), value);
    await user.click(submit());
    await expectOnlyDialog('Warning', 'Please enter a valid email address.', 'warning');
    expect(fetch).not.toHaveBeenCalled();
    await waitFor(() => expect(email()).toHaveFocus());
  });

  it('links the privacy notice next to its submit button', () => {
    const { submit } = setup();
    expectPrivacyLinkAfter(submit(), site.forms.privacy);
  });

  it('posts {email} as JSON with a spinner, then restores Submit and resets on success', async () => {
    const { user, email, submit } = setup();
    const answer = deferred<Response>();
    const fetch = stubFetch(() => answer.promise);
    await user.type(email(), 'asha@example.com');
    await user.click(submit());
    const busy = screen.getByRole('button', { name: site.forms.busyLabel });
    expect(busy).toBeDisabled();
    expect(screen.getByText(site.forms.busyLabel)).toHaveClass('visually-hidden'); // only the spinner shows
    expect(busy.querySelector('[aria-hidden="true"]')).not.toBeNull();
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe(`${site.backend}/api/brochure-request`);
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'asha@example.com' });
    fireEvent.submit(screen.getByRole('form'));
    expect(fetch).toHaveBeenCalledTimes(1);
    answer.resolve(new Response(null, { status: 204 })); // any OK status
    await expectOnlyDialog('Success', 'Thanks! We’ll reach out with the brochure shortly.', 'success');
    expect(submit()).toBeEnabled();
    expect(email()).toHaveValue('');
  });

  it('non-OK answer: Error (the body is not read) and the email is kept', async () => {
    const { user, email, submit } = setup();
    stubFetch(jsonResponse(500, { message: 'not shown' }));
    await user.type(email(), 'asha@example.com');
    await user.click(submit());
    await expectOnlyDialog('Error', 'Something went wrong. Please try again later.', 'error');
    expect(email()).toHaveValue('asha@example.com');
  });

  it('network failure: Error', async () => {
    const { user, email, submit } = setup();
    stubFetch(new TypeError('Failed to fetch'));
    await user.type(email(), 'asha@example.com');
    await user.click(submit());
    await expectOnlyDialog('Error', 'Unable to send request. Try again later.', 'error');
    expect(submit()).toBeEnabled();
  });
});
