vi.mock('sweetalert2', () => ({ default: { fire: vi.fn(async () => ({ isConfirmed: true })) } }));

import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadContent, renderWithContent } from '../../tests/support/content.tsx';
import { ContactForm } from './ContactForm.tsx';
import { deferred, expectOnlyDialog, expectPrivacyLinkAfter, jsonResponse, stubFetch } from './testing.ts';

const { site } = loadContent();
const words = site.forms.contact;
const valid = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  mobileNumber: '9876543210',
  message: 'Please call me about the school ERP.',
};
type Values = typeof valid;

function setup() {
  const user = userEvent.setup({ delay: null });
  const onSent = vi.fn();
  renderWithContent(<ContactForm onSent={onSent} />);
  const field = {
    name: () => screen.getByLabelText(words.labels.name),
    email: () => screen.getByLabelText(words.labels.email),
    mobileNumber: () => screen.getByLabelText(words.labels.mobileNumber),
    message: () => screen.getByLabelText(words.labels.message),
  };
  const submit = () => screen.getByRole('button', { name: words.submit });
  const fill = async (values: Partial<Values>) => {
    for (const key of ['name', 'email', 'mobileNumber', 'message'] as const) {
      const v = values[key];
      if (v) await user.type(field[key](), v);
    }
  };
  return { user, onSent, field, submit, fill };
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('ContactForm', () => {
  it('takes its labels and button words from site.yaml (forms.contact)', () => {
    expect(words).toEqual({
      labels: { name: 'Name', email: 'Email', mobileNumber: 'Mobile Number', message: 'Message' },
      submit: 'Send Message',
      busyLabel: 'Sending...',
    });
    const { field, submit } = setup();
    for (const f of Object.values(field)) expect(f()).toBeInTheDocument();
    expect(submit()).toBeInTheDocument();
  });

  it('caps name and email in the browser, so their length rules are reached only by bypassing it', async () => {
    const { user, field, fill, submit } = setup();
    expect(field.name()).toHaveAttribute('maxLength', '100');
    expect(field.email()).toHaveAttribute('maxLength', '254');
    await user.type(field.name(), 'n'.repeat(105));
    expect(field.name()).toHaveValue('n'.repeat(100));
    // A script setting the value directly gets the server's words for it.
    const fetch = stubFetch(jsonResponse(200));
    await fill({ ...valid, name: '' });
    fireEvent.change(field.name(), { target: { value: 'n'.repeat(101) } });
    await user.click(submit());
    await expectOnlyDialog('Too Long', 'Name is too long (max 100 characters).', 'error');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('the mobile input strips non-digits as typed and holds at most 10', async () => {
    const { user, field } = setup();
    await user.type(field.mobileNumber(), '+91 98a-765');
    expect(field.mobileNumber()).toHaveValue('9198765');
    await user.clear(field.mobileNumber());
    await user.type(field.mobileNumber(), '98765432101234');
    expect(field.mobileNumber()).toHaveValue('9876543210');
    fireEvent.change(field.mobileNumber(), { target: { value: '(987) 654-3210 99' } });
    expect(field.mobileNumber()).toHaveValue('9876543210');
  });

  describe('validation, trimmed, in order', () => {
    it.each(['name', 'email', 'mobileNumber', 'message'] as const)(
      '1. %s blank: Missing Fields',
      async (f) => {
        const { user, fill, submit, onSent } = setup();
        const fetch = stubFetch(jsonResponse(200));
        await fill({ ...valid, [f]: f === 'mobileNumber' ? '' : '   ' });
        await user.click(submit());
        await expectOnlyDialog('Missing Fields', 'Please fill out all required fields.', 'warning');
        expect(fetch).not.toHaveBeenCalled();
        expect(onSent).not.toHaveBeenCalled();
      },
    );

    it('2. name shorter than 2 after trimming: Invalid Name (before the email rule)', async () => {
      const { user, fill, submit } = setup();
      await fill({ ...valid, name: ' A ', email: 'bad' });
      await user.click(submit());
      await expectOnlyDialog('Invalid Name', 'Name must be at least 2 characters.', 'error');
    });

    it('3. email: Invalid Email (before the mobile rule)', async () => {
      const { user, fill, submit, field } = setup();
      await fill({ ...valid, email: 'asha@example', mobileNumber: '12345' });
      await user.click(submit());
      await expectOnlyDialog('Invalid Email', 'Please enter a valid email address.', 'error');
      await waitFor(() => expect(field.email()).toHaveFocus());
    });

    it.each(['5876543210', '98765'])(
      '4. mobile %s: Invalid Mobile Number (before the message rules)',
      async (m) => {
        const { user, fill, submit } = setup();
        await fill({ ...valid, mobileNumber: m, message: 'short' });
        await user.click(submit());
        await expectOnlyDialog(
          'Invalid Mobile Number',
          'Please enter a valid 10-digit mobile number starting with 6–9.',
          'error',
        );
      },
    );

    it('5. message shorter than 10 after trimming: Too Short', async () => {
      const { user, fill, submit } = setup();
      await fill({ ...valid, message: '  123456789   ' });
      await user.click(submit());
      await expectOnlyDialog('Too Short', 'Message must be at least 10 characters long.', 'error');
    });

    it('6. message over 1000: Too Long', async () => {
      const { user, fill, submit, field } = setup();
      await fill({ ...valid, message: '' });
      fireEvent.change(field.message(), { target: { value: 'm'.repeat(1001) } });
      expect(screen.getByText('1001/1000')).toBeInTheDocument();
      await user.click(submit());
      await expectOnlyDialog('Too Long', 'Message is too long (max 1000 characters).', 'error');
    });
  });

  it('links the privacy notice next to its submit button', () => {
    const { submit } = setup();
    expectPrivacyLinkAfter(submit(), site.forms.privacy);
  });

  it('sends trimmed JSON with a spinner, then clears, closes the panel and says Sent!', async () => {
    const { user, fill, submit, field, onSent } = setup();
    const answer = deferred<Response>();
    const fetch = stubFetch(() => answer.promise);
    await fill({ ...valid, name: `  ${valid.name} ` });
    await user.click(submit());
    const busy = screen.getByRole('button', { name: words.busyLabel });
    expect(busy).toBeDisabled();
    expect(busy.querySelector('[aria-hidden="true"]')).not.toBeNull();
    fireEvent.submit(busy.closest('form') as HTMLFormElement);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe(`${site.backend}/api/contact`);
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual(valid);
    expect(onSent).not.toHaveBeenCalled();
    answer.resolve(new Response(null, { status: 201 })); // any OK status
    await expectOnlyDialog('Sent!', "Thanks! We'll get back soon.", 'success');
    expect(onSent).toHaveBeenCalledTimes(1);
    for (const f of Object.values(field)) expect(f()).toHaveValue('');
  });

  it('non-OK answer: Error "Something went wrong. Try later." (server message ignored)', async () => {
    const { user, fill, submit, field, onSent } = setup();
    stubFetch(jsonResponse(500, { message: 'not shown' }));
    await fill(valid);
    await user.click(submit());
    await expectOnlyDialog('Error', 'Something went wrong. Try later.', 'error');
    expect(onSent).not.toHaveBeenCalled();
    expect(field.message()).toHaveValue(valid.message);
    expect(submit()).toBeEnabled();
  });

  it('network failure: Error "Unable to send your message."', async () => {
    const { user, fill, submit, onSent } = setup();
    stubFetch(new TypeError('Failed to fetch'));
    await fill(valid);
    await user.click(submit());
    await expectOnlyDialog('Error', 'Unable to send your message.', 'error');
    expect(onSent).not.toHaveBeenCalled();
  });
});
