import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FIELD_LABELS, FORM_LABELS } from '../../server/labels.ts';
import { StaffApp } from './StaffApp.tsx';

const XSS = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';

const row = {
  form: 'contact',
  id: 4,
  createdAt: '2025-01-31T10:00:00.000Z',
  clientIp: '203.0.113.0',
  userAgent: XSS,
  handledAt: null as string | null,
  fields: { name: XSS, email: 'a@example.com', mobileNumber: '9876543210', message: `Hi\n${XSS}` },
};

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

type Staff = { name: string; email: string; role: 'admin' | 'content' | 'inbox'; forms: string[] | null };

/** A fake staff API: 401 until signed in as `who` with "secret", then one contact message. */
function fakeApi(staff: Staff) {
  const calls: Call[] = [];
  let signedIn = false;
  let handledAt: string | null = null;
  const reply = (status: number, body: unknown) =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
  const forms = (
    staff.role === 'content' ? [] : (staff.forms ?? ['demo', 'brochure', 'application', 'contact'])
  ).map((form) => ({ form, total: 1, open: handledAt ? 0 : 1 }));
  const fetchFn = ((input: string, init: RequestInit = {}) => {
    const call: Call = {
      url: input,
      method: init.method ?? 'GET',
      headers: (init.headers ?? {}) as Record<string, string>,
      ...(typeof init.body === 'string' && { body: init.body }),
    };
    calls.push(call);
    const path = input.replace('/backend/api/admin', '');
    if (path === '/login') {
      const body = JSON.parse(call.body ?? '{}') as { email: string; password: string };
      signedIn = body.password === 'secret' && body.email === staff.email;
      return signedIn
        ? reply(200, { csrfToken: 'tok', expiresAt: '', staff })
        : reply(401, { message: 'Wrong email or password.' });
    }
    if (!signedIn) return reply(401, { message: 'Please sign in.' });
    if (path === '/session')
      return reply(200, {
        csrfToken: 'tok',
        expiresAt: '',
        staff,
        forms,
        labels: { forms: FORM_LABELS, fields: FIELD_LABELS },
      });
    if (path === '/logout') {
      signedIn = false;
      return reply(200, { message: 'Signed out.' });
    }
    if (path.startsWith('/submissions/contact?'))
      return reply(200, { items: [{ ...row, handledAt }], total: 1, page: 1, pageSize: 20 });
    if (path.startsWith('/submissions/') && path.includes('?'))
      return reply(200, { items: [], total: 0, page: 1, pageSize: 20 });
    if (path === '/submissions/contact/4') return reply(200, { ...row, handledAt });
    if (path === '/submissions/contact/4/handled') {
      handledAt = row.createdAt;
      return reply(200, { ...row, handledAt });
    }
    return reply(404, { message: 'There is no such submission.' });
  }) as typeof fetch;
  return { calls, fetchFn };
}

async function signIn(user: ReturnType<typeof userEvent.setup>, email: string, password = 'secret') {
  const emailBox = await screen.findByLabelText('Email');
  await user.clear(emailBox);
  await user.type(emailBox, email);
  await user.clear(screen.getByLabelText('Password'));
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the staff app', () => {
  beforeEach(() => {
    window.location.hash = '';
  });

  it('signs in by email and password, then shows what visitors typed as inert text', async () => {
    const user = userEvent.setup();
    const admin: Staff = { name: 'Administrator', email: 'admin@localhost', role: 'admin', forms: null };
    const { calls, fetchFn } = fakeApi(admin);
    const { container } = render(<StaffApp api="/backend/api/admin" fetch={fetchFn} confirm={() => false} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Staff area' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await signIn(user, 'admin@localhost', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email or password.');
    await signIn(user, 'admin@localhost');

    expect(await screen.findByRole('heading', { level: 1, name: 'Submissions inbox' })).toHaveFocus();
    const sections = screen.getByRole('navigation', { name: 'Staff area' });
    expect(within(sections).getByRole('link', { name: 'Inbox' })).toHaveAttribute('aria-current', 'page');
    expect(within(sections).getByRole('link', { name: 'Content' })).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: /Contact messages/ }));
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Mobile number' })).toBeInTheDocument();
    expect(within(table).getByText(XSS)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/backend/api/admin/export?form=contact',
    );
    await user.click(within(table).getByRole('link', { name: /#4/ }));
    expect(await screen.findByRole('heading', { name: 'Contact message #4' })).toHaveFocus();
    expect(screen.getAllByText(XSS, { exact: false }).length).toBeGreaterThanOrEqual(2);
    // Nothing typed by the visitor became markup.
    expect(container.querySelector('img, script')).toBeNull();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Mark as handled' }));
    expect(await screen.findByRole('button', { name: 'Mark as open' })).toBeInTheDocument();
    const handled = calls.find((c) => c.url.endsWith('/handled'));
    expect(handled?.method).toBe('POST');
    expect(handled?.headers['x-csrf-token']).toBe('tok');
    expect(handled?.body).toBe('{"handled":true}');

    // Delete asks first; "no" sends nothing.
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Contact messages' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  });

  it('opens the view the address names (a reload or a shared link), and records each move in it', async () => {
    const user = userEvent.setup();
    const admin: Staff = { name: 'Administrator', email: 'admin@localhost', role: 'admin', forms: null };
    const { fetchFn } = fakeApi(admin);
    window.location.hash = '#inbox/contact/4';
    render(<StaffApp api="/backend/api/admin" fetch={fetchFn} />);
    await signIn(user, 'admin@localhost');
    expect(await screen.findByRole('heading', { level: 2, name: 'Contact message #4' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Contact messages' })).toHaveFocus();
    expect(window.location.hash).toBe('#inbox/contact');
    await user.click(screen.getByRole('button', { name: /Demo requests/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Demo requests' })).toBeInTheDocument();
    expect(window.location.hash).toBe('#inbox/demo');
  });

  it('shows an inbox account only its forms, and no Content section', async () => {
    const user = userEvent.setup();
    const desk: Staff = { name: 'Fran Desk', email: 'desk@example.com', role: 'inbox', forms: ['contact'] };
    const { fetchFn } = fakeApi(desk);
    render(<StaffApp api="/backend/api/admin" fetch={fetchFn} />);
    await signIn(user, 'desk@example.com');
    const tabs = await screen.findByRole('navigation', { name: 'Forms' });
    expect(
      within(tabs)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Contact messages 1 open / 1']);
    expect(screen.queryByRole('link', { name: 'Content' })).toBeNull();
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('opens the Content section (its own chunk) for a content editor, without the inbox', async () => {
    const user = userEvent.setup();
    const writer: Staff = { name: 'Wen Writer', email: 'wen@example.com', role: 'content', forms: null };
    const { calls, fetchFn } = fakeApi(writer);
    render(<StaffApp api="/backend/api/admin" fetch={fetchFn} />);
    await signIn(user, 'wen@example.com');
    // The editor is a module of its own, loaded now (slow to compile the first time in tests).
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Content' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Inbox' })).toBeNull();
    expect(calls.some((c) => c.url.includes('/submissions/'))).toBe(false);
  });

  it('goes back to sign-in, saying why, when the session ends', async () => {
    const user = userEvent.setup();
    const admin: Staff = { name: 'Administrator', email: 'admin@localhost', role: 'admin', forms: null };
    const { fetchFn } = fakeApi(admin);
    let expired = false;
    const expiring = ((input: string, init?: RequestInit) =>
      expired
        ? Promise.resolve(new Response('{"message":"Please sign in."}', { status: 401 }))
        : fetchFn(input, init)) as typeof fetch;
    render(<StaffApp api="/backend/api/admin" fetch={expiring} />);
    await signIn(user, 'admin@localhost');
    await screen.findByRole('heading', { level: 1, name: 'Submissions inbox' });
    expired = true;
    await user.click(await screen.findByRole('button', { name: /Contact messages/ }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toBeInTheDocument());
  });
});
