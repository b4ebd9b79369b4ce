/**
 * The staff inbox (served at /admin by the server). Plain browser JavaScript, no build step.
 * Every element is made with createElement and every value is set with textContent or as an
 * attribute value: nothing a visitor typed is ever parsed as HTML. State-changing calls send the
 * session's CSRF token in the X-CSRF-Token header.
 */

/** The columns of the list, per form (the first is the row's link). */
const LIST_FIELDS = {
  demo: ['name', 'email', 'phone', 'serviceType'],
  brochure: ['email'],
  application: ['fullName', 'position', 'email', 'phone'],
  contact: ['name', 'email', 'mobileNumber'],
};
const PAGE_SIZE = 20;

/**
 * Creates an element. `props`: attributes (strings) and `on*` listeners; children: nodes or
 * strings (strings become text nodes, never HTML).
 * @param {string} tag
 * @param {Record<string, unknown>} [props]
 * @param {...(Node | string | null | undefined | false)} children
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return el;
}

const formatDate = (iso) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? String(iso) : d.toLocaleString();
};

/**
 * Starts the inbox in `root`.
 * @param {HTMLElement} root
 * @param {{ apiBase: string, fetch?: typeof fetch, confirm?: (message: string) => boolean }} options
 */
export function startInbox(root, options) {
  const api = options.apiBase;
  const doFetch = options.fetch ?? ((...args) => fetch(...args));
  const ask = options.confirm ?? ((message) => window.confirm(message));
  const state = {
    csrfToken: '',
    forms: [],
    form: 'demo',
    q: '',
    status: 'all',
    page: 1,
    detail: null,
    /** Names of the forms and fields, from the server's session answer (server/labels.ts). */
    labels: { forms: {}, fields: {} },
  };
  const formTitle = (form, count = 'many') => state.labels.forms[form]?.[count] ?? form;
  const fieldLabel = (key) => state.labels.fields[key] ?? key;

  async function call(path, init = {}) {
    const headers = { ...(init.headers ?? {}) };
    if (init.method && init.method !== 'GET') headers['x-csrf-token'] = state.csrfToken;
    const res = await doFetch(`${api}${path}`, { credentials: 'same-origin', ...init, headers });
    let body = null;
    try {
      body = await res.json();
    } catch {
      body = null;
    }
    if (res.status === 401 && path !== '/login') {
      showSignIn(body?.message);
      throw new Error('signed out');
    }
    if (!res.ok) throw new Error(body?.message ?? `Error ${res.status}`);
    return body;
  }

  function render(...nodes) {
    root.replaceChildren(...nodes);
  }

  function errorBox(message) {
    return h('p', { class: 'error', role: 'alert' }, message);
  }

  function showSignIn(message) {
    const email = h('input', {
      type: 'email',
      id: 'email',
      name: 'email',
      autocomplete: 'username',
      required: true,
    });
    const input = h('input', {
      type: 'password',
      id: 'password',
      name: 'password',
      autocomplete: 'current-password',
      required: true,
    });
    const status = h('div', { 'aria-live': 'polite' });
    const form = h(
      'form',
      {
        class: 'signin',
        onsubmit: async (event) => {
          event.preventDefault();
          status.replaceChildren();
          try {
            const session = await call('/login', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ email: email.value, password: input.value }),
            });
            state.csrfToken = session.csrfToken;
            await loadSession();
          } catch (error) {
            status.replaceChildren(errorBox(error.message));
          }
        },
      },
      h('label', { for: 'email' }, 'Email'),
      email,
      h('label', { for: 'password' }, 'Password'),
      input,
      h('button', { type: 'submit', class: 'primary' }, 'Sign in'),
      status,
    );
    render(
      h('h1', {}, 'Submissions inbox'),
      message && message !== 'Please sign in.' ? errorBox(message) : null,
      form,
    );
    input.focus();
  }

  async function loadSession() {
    const session = await call('/session');
    state.csrfToken = session.csrfToken;
    state.forms = session.forms;
    if (session.labels) state.labels = session.labels;
    await showList();
  }

  function header() {
    const tabs = h(
      'nav',
      { class: 'tabs', 'aria-label': 'Forms' },
      ...state.forms.map((f) =>
        h(
          'button',
          {
            type: 'button',
            class: f.form === state.form ? 'tab current' : 'tab',
            'aria-current': f.form === state.form ? 'page' : undefined,
            onclick: () => {
              state.form = f.form;
              state.page = 1;
              state.q = '';
              state.status = 'all';
              showList().catch(() => {});
            },
          },
          `${formTitle(f.form)} `,
          h('span', { class: 'count' }, `${f.open} open / ${f.total}`),
        ),
      ),
    );
    const signOut = h(
      'button',
      {
        type: 'button',
        onclick: async () => {
          try {
            await call('/logout', { method: 'POST' });
          } finally {
            state.csrfToken = '';
            showSignIn();
          }
        },
      },
      'Sign out',
    );
    return h('header', { class: 'top' }, h('h1', {}, 'Submissions inbox'), signOut, tabs);
  }

  async function showList() {
    state.detail = null;
    const params = new URLSearchParams({
      q: state.q,
      status: state.status,
      page: String(state.page),
      pageSize: String(PAGE_SIZE),
    });
    const data = await call(`/submissions/${state.form}?${params}`);
    const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
    const search = h('input', { type: 'search', id: 'q', name: 'q', value: state.q });
    const status = h(
      'select',
      { id: 'status', name: 'status' },
      ...[
        ['all', 'All'],
        ['open', 'Open'],
        ['handled', 'Handled'],
      ].map(([value, label]) => h('option', { value, selected: value === state.status }, label)),
    );
    const filters = h(
      'form',
      {
        class: 'filters',
        role: 'search',
        onsubmit: (event) => {
          event.preventDefault();
          state.q = search.value;
          state.status = status.value;
          state.page = 1;
          showList().catch(() => {});
        },
      },
      h('label', { for: 'q' }, 'Search'),
      search,
      h('label', { for: 'status' }, 'Status'),
      status,
      h('button', { type: 'submit' }, 'Apply'),
      h('a', { class: 'button', href: `${api}/export?form=${state.form}`, download: '' }, 'Export CSV'),
    );
    const fields = LIST_FIELDS[state.form] ?? [];
    const table = data.items.length
      ? h(
          'table',
          {},
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              h('th', { scope: 'col' }, 'Received'),
              ...fields.map((f) => h('th', { scope: 'col' }, fieldLabel(f))),
              h('th', { scope: 'col' }, 'Status'),
            ),
          ),
          h(
            'tbody',
            {},
            ...data.items.map((row) =>
              h(
                'tr',
                { class: row.handledAt ? 'handled' : undefined },
                h(
                  'td',
                  {},
                  h(
                    'a',
                    {
                      href: `#${row.form}/${row.id}`,
                      onclick: (event) => {
                        event.preventDefault();
                        showDetail(row.form, row.id).catch(() => {});
                      },
                    },
                    `#${row.id} · ${formatDate(row.createdAt)}`,
                  ),
                ),
                ...fields.map((f) => h('td', {}, String(row.fields[f] ?? ''))),
                h('td', {}, row.handledAt ? 'Handled' : 'Open'),
              ),
            ),
          ),
        )
      : h('p', {}, 'No submissions.');
    const pager = h(
      'nav',
      { class: 'pager', 'aria-label': 'Pages' },
      h(
        'button',
        {
          type: 'button',
          disabled: data.page <= 1,
          onclick: () => {
            state.page -= 1;
            showList().catch(() => {});
          },
        },
        'Previous',
      ),
      h('span', {}, `Page ${data.page} of ${pages} (${data.total} in all)`),
      h(
        'button',
        {
          type: 'button',
          disabled: data.page >= pages,
          onclick: () => {
            state.page += 1;
            showList().catch(() => {});
          },
        },
        'Next',
      ),
    );
    render(header(), h('section', {}, h('h2', {}, formTitle(state.form)), filters, table, pager));
  }

  async function showDetail(form, id) {
    const row = await call(`/submissions/${form}/${id}`);
    state.detail = row;
    const status = h('div', { 'aria-live': 'polite' });
    const list = h(
      'dl',
      {},
      h('dt', {}, 'Received'),
      h('dd', {}, formatDate(row.createdAt)),
      ...Object.entries(row.fields).flatMap(([k, v]) => [
        h('dt', {}, fieldLabel(k)),
        h('dd', { class: 'value' }, String(v)),
      ]),
      h('dt', {}, 'Client IP (truncated)'),
      h('dd', {}, row.clientIp),
      h('dt', {}, 'Browser'),
      h('dd', { class: 'value' }, row.userAgent),
      h('dt', {}, 'Status'),
      h('dd', {}, row.handledAt ? `Handled ${formatDate(row.handledAt)}` : 'Open'),
    );
    const actions = h(
      'div',
      { class: 'actions' },
      h(
        'button',
        {
          type: 'button',
          onclick: () => {
            showList().catch(() => {});
          },
        },
        'Back to the list',
      ),
      form === 'application'
        ? h(
            'a',
            { class: 'button', href: `${api}/submissions/application/${row.id}/cv`, download: '' },
            'Download CV',
          )
        : null,
      h(
        'button',
        {
          type: 'button',
          class: 'primary',
          onclick: async () => {
            try {
              await call(`/submissions/${form}/${row.id}/handled`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ handled: !row.handledAt }),
              });
              await refreshCounts();
              await showDetail(form, row.id);
            } catch (error) {
              status.replaceChildren(errorBox(error.message));
            }
          },
        },
        row.handledAt ? 'Mark as open' : 'Mark as handled',
      ),
      h(
        'button',
        {
          type: 'button',
          class: 'danger',
          onclick: async () => {
            if (!ask(`Delete ${form} #${row.id} for good${form === 'application' ? ', with its CV' : ''}?`))
              return;
            try {
              await call(`/submissions/${form}/${row.id}`, { method: 'DELETE' });
              await refreshCounts();
              await showList();
            } catch (error) {
              status.replaceChildren(errorBox(error.message));
            }
          },
        },
        'Delete',
      ),
    );
    render(
      header(),
      h('article', {}, h('h2', {}, `${formTitle(form, 'one')} #${row.id}`), list, actions, status),
    );
  }

  async function refreshCounts() {
    const session = await call('/session');
    state.forms = session.forms;
  }

  loadSession().catch((error) => {
    if (error.message !== 'signed out') render(h('h1', {}, 'Submissions inbox'), errorBox(error.message));
  });
  return state;
}

const meta = typeof document !== 'undefined' ? document.querySelector('meta[name="admin-api"]') : null;
const root = typeof document !== 'undefined' ? document.getElementById('app') : null;
if (meta && root && !root.hasAttribute('data-disabled'))
  startInbox(root, { apiBase: meta.getAttribute('content') ?? '' });
