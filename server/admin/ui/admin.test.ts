import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FIELD_LABELS, FORM_LABELS } from '../../labels.ts';
import { startInbox } from './admin.js';

const XSS = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';

const row = {
  form: 'contact',
  id: 4,
  createdAt: '2025-01-31T10:00:00.000Z',
  clientIp: '203.0.113.0',
  userAgent: XSS,
  handledAt: null,
  fields: { name: XSS, email: 'a@example.com', mobileNumber: '9876543210', message: `Hi\n${XSS}` },
};

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** A fake API: 401 until signed in with "secret", then one contact message. */
function fakeApi() {
  const calls: Call[] = [];
  let signedIn = false;
  const reply = (status: number, body: unknown) =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
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
      signedIn = JSON.parse(call.body ?? '{}').password === 'secret';
      return signedIn
        ? reply(200, { csrfToken: 'tok', expiresAt: '' })
        : reply(401, { message: 'Wrong password.' });
    }
    if (!signedIn) return reply(401, { message: 'Please sign in.' });
    if (path === '/session')
      return reply(200, {
        csrfToken: 'tok',
        forms: ['demo', 'brochure', 'application', 'contact'].map((form) => ({ form, total: 1, open: 1 })),
        labels: { forms: FORM_LABELS, fields: FIELD_LABELS },
      });
    if (path.startsWith('/submissions/contact?'))
      return reply(200, { items: [row], total: 1, page: 1, pageSize: 20 });
    if (path.startsWith('/submissions/demo?'))
      return reply(200, { items: [], total: 0, page: 1, pageSize: 20 });
    if (path === '/submissions/contact/4') return reply(200, row);
    if (path === '/submissions/contact/4/handled') return reply(200, { ...row, handledAt: row.createdAt });
    return reply(404, { message: 'There is no such submission.' });
  }) as typeof fetch;
  return { calls, fetchFn };
}

describe('the staff inbox page', () => {
  it('asks for the password, then shows what visitors typed as inert text', async () => {
    const user = userEvent.setup();
    const root = document.createElement('main');
    document.body.append(root);
    const { calls, fetchFn } = fakeApi();
    startInbox(root, { apiBase: '/backend/api/admin', fetch: fetchFn, confirm: () => false });

    const password = await screen.findByLabelText('Password');
    await user.type(screen.getByLabelText('Email'), 'admin@localhost');
    await user.type(password, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong password.');
    await user.clear(password);
    await user.type(password, 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await user.click(await screen.findByRole('button', { name: /Contact messages/ }));
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Mobile number' })).toBeInTheDocument();
    expect(within(table).getByText(XSS)).toBeInTheDocument();
    await user.click(within(table).getByRole('link', { name: /#4/ }));
    expect(await screen.findByRole('heading', { name: 'Contact message #4' })).toBeInTheDocument();
    expect(screen.getAllByText(XSS, { exact: false }).length).toBeGreaterThanOrEqual(2);
    // Nothing typed by the visitor became markup.
    expect(root.querySelector('img, script')).toBeNull();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Mark as handled' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.endsWith('/submissions/contact/4/handled'))).toBe(true),
    );
    const handled = calls.find((c) => c.url.endsWith('/handled'));
    expect(handled?.method).toBe('POST');
    expect(handled?.headers['x-csrf-token']).toBe('tok');
    expect(handled?.body).toBe('{"handled":true}');
    root.remove();
  });
});
