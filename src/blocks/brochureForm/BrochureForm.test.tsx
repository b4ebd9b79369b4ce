vi.mock('sweetalert2', () => ({ default: { fire: vi.fn(async () => ({ isConfirmed: true })) } }));

import { readFileSync } from 'node:fs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadContent, REPO_ROOT, renderWithContent } from '../../../tests/support/content.tsx';
import {
  deferred,
  expectOnlyDialog,
  expectPrivacyLinkAfter,
  jsonResponse,
  stubFetch,
} from '../../forms/testing.ts';
import BrochureForm, { BROCHURE_DEFAULTS } from './BrochureForm.tsx';

const { site } = loadContent();

function setup(block: Parameters<typeof BrochureForm>[0]['block'] = { type: 'brochureForm' }) {
  const user = userEvent.setup({ delay: null });
  renderWithContent(<BrochureForm block={block} />);
  const email = () => screen.getByLabelText(block.emailLabel ?? BROCHURE_DEFAULTS.emailLabel);
  const submit = () => screen.getByRole('button', { name: block.submitLabel ?? 'Submit' });
  return { user, email, submit };
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('BrochureForm', () => {
  it('takes its words from the block, with the schema’s defaults', () => {
    const schema = JSON.parse(
      readFileSync(`${REPO_ROOT}/schema/blocks/brochureForm.schema.json`, 'utf8'),
    ) as { properties: Record<string, { default?: string }> };
    for (const [key, value] of Object.entries(BROCHURE_DEFAULTS))
      expect(schema.properties[key]?.default, key).toBe(value);

    setup({
      type: 'brochureForm',
      heading: 'Get the TransitShield brochure',
      text: 'Features and pricing in one PDF.',
      emailLabel: 'Work email',
      submitLabel: 'Send it',
      privacyNote: 'We only use it for the brochure.',
    });
    expect(
      screen.getByRole('heading', { level: 2, name: 'Get the TransitShield brochure' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Features and pricing in one PDF.')).toBeInTheDocument();
    expect(screen.getByLabelText('Work email')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Send it' })).toBeInTheDocument();
    expect(screen.getByText('We only use it for the brochure.')).toBeInTheDocument();
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
    const busy = screen.getByRole('button', { name: 'Submitting...' });
    expect(busy).toBeDisabled();
    expect(screen.getByText('Submitting...')).toHaveClass('visually-hidden'); // only the spinner shows
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
