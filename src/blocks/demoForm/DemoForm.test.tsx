vi.mock('sweetalert2', () => ({ default: { fire: vi.fn(async () => ({ isConfirmed: true })) } }));

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadContent, renderWithContent } from '../../../tests/support/content.tsx';
import { demo } from '../../forms/definitions/demo.ts';
import { emptyValues } from '../../forms/definitions/index.ts';
import {
  deferred,
  expectOnlyDialog,
  expectPrivacyLinkAfter,
  jsonResponse,
  stubFetch,
} from '../../forms/testing.ts';
import DemoForm from './DemoForm.tsx';

const { site } = loadContent();
const L = site.forms.demo.labels;
/** The busy label, one place in site.yaml; the specification's words. */
const BUSY = site.forms.busyLabel;

const valid = {
  name: 'Asha Rao',
  phone: '9876543210',
  email: 'asha@example.com',
  serviceType: 'Telematics',
  query: 'Please show us bus tracking.',
};
type Values = typeof valid;

function setup() {
  const user = userEvent.setup({ delay: null });
  renderWithContent(<DemoForm block={{ type: 'demoForm' }} />);
  const field = {
    name: () => screen.getByLabelText(L.name),
    phone: () => screen.getByLabelText(L.phone),
    email: () => screen.getByLabelText(L.email),
    serviceType: () => screen.getByRole('combobox', { name: L.serviceType }),
    query: () => screen.getByLabelText(L.query),
  };
  const submit = () => screen.getByRole('button', { name: site.forms.demo.submit });
  const fill = async (values: Partial<Values>) => {
    for (const key of ['name', 'phone', 'email', 'query'] as const) {
      const v = values[key];
      if (v) await user.type(field[key](), v);
    }
    if (values.serviceType) {
      await user.click(field.serviceType());
      await user.click(screen.getByRole('option', { name: values.serviceType }));
    }
  };
  return { user, field, submit, fill };
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('DemoForm', () => {
  it('shows the heading and intro from site.yaml and labelled fields', () => {
    setup();
    expect(screen.getByRole('heading', { level: 2, name: site.forms.demo.heading })).toBeInTheDocument();
    expect(screen.getByText(site.forms.demo.intro)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: site.forms.demo.heading })).toBeInTheDocument();
  });

  describe('service type dropdown', () => {
    it('lists the 18 service types, toggles open/closed and closes on selection', async () => {
      const { user, field } = setup();
      const box = field.serviceType();
      expect(box).toHaveAttribute('aria-expanded', 'false');
      expect(box).toHaveTextContent(site.forms.demo.serviceTypePlaceholder);
      await user.click(box);
      expect(box).toHaveAttribute('aria-expanded', 'true');
      const options = within(screen.getByRole('listbox')).getAllByRole('option');
      expect(options.map((o) => o.textContent)).toEqual(site.serviceTypes);
      expect(options).toHaveLength(18);
      await user.click(box);
      expect(box).toHaveAttribute('aria-expanded', 'false');
      await user.click(box);
      await user.click(screen.getByRole('option', { name: 'Summer Camp' }));
      expect(box).toHaveAttribute('aria-expanded', 'false');
      expect(box).toHaveTextContent('Summer Camp');
    });

    it('works with the keyboard', async () => {
      const { user, field } = setup();
      const box = field.serviceType();
      box.focus();
      await user.keyboard('{ArrowDown}');
      expect(box).toHaveAttribute('aria-expanded', 'true');
      const first = screen.getByRole('option', { name: site.serviceTypes[0] });
      expect(box).toHaveAttribute('aria-activedescendant', first.id);
      await user.keyboard('{ArrowDown}{ArrowDown}');
      const third = screen.getByRole('option', { name: site.serviceTypes[2] });
      expect(box).toHaveAttribute('aria-activedescendant', third.id);
      await user.keyboard('{Enter}');
      expect(box).toHaveAttribute('aria-expanded', 'false');
      expect(box).toHaveTextContent(site.serviceTypes[2] as string);
      expect(screen.getByRole('option', { name: site.serviceTypes[2], hidden: true })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await user.keyboard('{End}');
      expect(box).toHaveAttribute('aria-expanded', 'true');
      await user.keyboard('{Escape}');
      expect(box).toHaveAttribute('aria-expanded', 'false');
      expect(box).toHaveTextContent(site.serviceTypes[2] as string);
      await user.keyboard('t');
      expect(box).toHaveAttribute(
        'aria-activedescendant',
        screen.getByRole('option', { name: 'Telematics' }).id,
      );
      await user.keyboard(' ');
      expect(box).toHaveTextContent('Telematics');
    });

    it('its label focuses it and toggles the list, as clicking the control does', async () => {
      const { user, field } = setup();
      const box = field.serviceType();
      const label = screen.getByText(L.serviceType);
      expect(label.tagName).toBe('LABEL');
      // A bare click on the label (user-event would also move focus itself, as not every browser does).
      fireEvent.click(label);
      expect(box).toHaveFocus();
      expect(box).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByRole('listbox', { name: L.serviceType })).toBeVisible();
      // The keyboard now works on the list.
      await user.keyboard('{ArrowDown}{Enter}');
      expect(box).toHaveTextContent(site.serviceTypes[1] as string);
      expect(box).toHaveAttribute('aria-expanded', 'false');
      await user.click(label);
      expect(box).toHaveAttribute('aria-expanded', 'true');
      await user.click(label);
      expect(box).toHaveAttribute('aria-expanded', 'false');
      expect(box).toHaveFocus();
    });

    it('closes when clicking elsewhere', async () => {
      const { user, field } = setup();
      await user.click(field.serviceType());
      await user.click(screen.getByText(site.forms.demo.intro));
      expect(field.serviceType()).toHaveAttribute('aria-expanded', 'false');
    });
  });

  it('links the privacy notice next to its submit button', () => {
    const { submit } = setup();
    expectPrivacyLinkAfter(submit(), site.forms.privacy);
  });

  it('caps name, phone and email in the browser, so their length rules are reached only by bypassing it', async () => {
    const { user, field } = setup();
    expect(field.name()).toHaveAttribute('maxLength', '100');
    expect(field.phone()).toHaveAttribute('maxLength', '20');
    expect(field.email()).toHaveAttribute('maxLength', '254');
    await user.type(field.phone(), '9'.repeat(25));
    expect(field.phone()).toHaveValue('9'.repeat(20));
  });

  it('a too-long phone set by a script: Too Long, before the email rule', async () => {
    const { user, submit, fill, field } = setup();
    const fetch = stubFetch(jsonResponse(200));
    await fill({ ...valid, phone: '', email: 'bad' });
    fireEvent.change(field.phone(), { target: { value: '9'.repeat(21) } });
    await user.click(submit());
    await expectOnlyDialog('Too Long', 'Phone number is too long (max 20 characters).', 'error');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('limits the query to 300 characters and shows the count', async () => {
    const { user, field } = setup();
    expect(screen.getByText('0/300')).toBeInTheDocument();
    await user.type(field.query(), 'Hello');
    expect(screen.getByText('5/300')).toBeInTheDocument();
    expect(field.query()).toHaveAttribute('maxLength', '300');
    await user.click(field.query());
    await user.paste('x'.repeat(400));
    expect(field.query()).toHaveValue(`Hello${'x'.repeat(295)}`);
    expect(screen.getByText('300/300')).toBeInTheDocument();
  });

  describe('validation, in order, first failure only', () => {
    it.each(['name', 'phone', 'email', 'serviceType', 'query'] as const)(
      '1. %s empty: Missing Fields',
      async (missing) => {
        const { user, submit, fill } = setup();
        const fetch = stubFetch(jsonResponse(200));
        await fill({ ...valid, [missing]: '' });
        await user.click(submit());
        await expectOnlyDialog('Missing Fields', 'Please fill out all required fields.', 'warning');
        expect(fetch).not.toHaveBeenCalled();
      },
    );

    it('2. email: Invalid Email (before the phone rule)', async () => {
      const { user, submit, fill, field } = setup();
      await fill({ ...valid, email: 'asha@example', phone: '12' });
      await user.click(submit());
      await expectOnlyDialog('Invalid Email', 'Please enter a valid email address.', 'error');
      await waitFor(() => expect(field.email()).toHaveFocus());
    });

    it('3. phone: Invalid Phone (before the length rule)', async () => {
      const { user, submit, fill, field } = setup();
      await fill({ ...valid, phone: '98765-43210' });
      fireEvent.change(field.query(), { target: { value: 'q'.repeat(301) } });
      await user.click(submit());
      await expectOnlyDialog('Invalid Phone', 'Phone number must be 7–15 digits.', 'error');
    });

    it('4. query over 300: Too Long', async () => {
      const { user, submit, fill, field } = setup();
      await fill({ ...valid, query: '' });
      // A browser that ignores maxlength (or a script) can still put more in.
      fireEvent.change(field.query(), { target: { value: 'q'.repeat(301) } });
      await user.click(submit());
      await expectOnlyDialog('Too Long', 'Query exceeds 300 characters.', 'error');
    });

    it('rule 1 wins over rule 2', async () => {
      const { user, submit, fill } = setup();
      await fill({ ...valid, name: '', email: 'bad' });
      await user.click(submit());
      await expectOnlyDialog('Missing Fields', 'Please fill out all required fields.', 'warning');
    });
  });

  it('posts every field of the form as JSON, shows Submitting..., then clears the form on 200', async () => {
    expect(BUSY).toBe('Submitting...');
    const { user, submit, fill, field } = setup();
    const answer = deferred<Response>();
    const fetch = stubFetch(() => answer.promise);
    await fill(valid);
    await user.click(submit());
    const busy = screen.getByRole('button', { name: BUSY });
    expect(busy).toBeDisabled();
    expect(busy.querySelector('[aria-hidden="true"]')).not.toBeNull(); // the spinner
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe(`${site.backend}/api/contact-demo`);
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    // Every field the definition declares, filled or not, so a new optional field needs no edit here.
    expect(JSON.parse(String(init?.body))).toEqual({ ...emptyValues(demo), ...valid });
    answer.resolve(jsonResponse(200, { message: 'ok' }));
    await expectOnlyDialog('Success', 'Demo request sent successfully!', 'success');
    expect(submit()).toBeEnabled();
    expect(field.name()).toHaveValue('');
    expect(field.phone()).toHaveValue('');
    expect(field.email()).toHaveValue('');
    expect(field.query()).toHaveValue('');
    expect(field.serviceType()).toHaveTextContent(site.forms.demo.serviceTypePlaceholder);
    await waitFor(() => expect(submit()).toHaveFocus());
  });

  it('cannot be submitted again while submitting', async () => {
    const { user, submit, fill } = setup();
    const answer = deferred<Response>();
    const fetch = stubFetch(() => answer.promise);
    await fill(valid);
    await user.click(submit());
    const form = screen.getByRole('form');
    fireEvent.submit(form);
    fireEvent.submit(form);
    await user.click(screen.getByRole('button', { name: BUSY }));
    expect(fetch).toHaveBeenCalledTimes(1);
    answer.resolve(jsonResponse(200));
    await expectOnlyDialog('Success', 'Demo request sent successfully!', 'success');
  });

  it.each([
    ['the server’s message', jsonResponse(400, { message: 'Unknown service type' }), 'Unknown service type'],
    ['"Something went wrong." without one', jsonResponse(500, {}), 'Something went wrong.'],
    ['"Something went wrong." for another OK status than 200', jsonResponse(201), 'Something went wrong.'],
    [
      '"Something went wrong." on a network failure',
      new TypeError('Failed to fetch'),
      'Something went wrong.',
    ],
  ])('failure shows Error! with %s and keeps the entries', async (_, answer, text) => {
    const { user, submit, fill, field } = setup();
    stubFetch(answer);
    await fill(valid);
    await user.click(submit());
    await expectOnlyDialog('Error!', text, 'error');
    expect(field.name()).toHaveValue(valid.name);
    expect(submit()).toBeEnabled();
  });
});
