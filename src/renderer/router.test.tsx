import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { BrowserRouter, Link, MemoryRouter, StaticRouter, useLocation, useNavigate } from './router.tsx';

function Where() {
  const { pathname, search, hash } = useLocation();
  return <output>{`${pathname}${search}${hash}`}</output>;
}

function Page() {
  const navigate = useNavigate();
  return (
    <>
      <Where />
      <Link to="/about">About</Link>
      <Link to="/careers" target="_blank">
        Careers in a new tab
      </Link>
      <button type="button" onClick={() => navigate('/services?x=1#contactus')}>
        Go
      </button>
    </>
  );
}

describe('the router', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('follows a link in place: the address bar, the location and the back button', async () => {
    window.history.replaceState(null, '', '/');
    render(
      <BrowserRouter>
        <Page />
      </BrowserRouter>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(/^\/$/);
    const before = window.history.length;
    const link = screen.getByRole('link', { name: 'About' });
    expect(link).toHaveAttribute('href', '/about');
    const click = await act(async () => fireEvent.click(link));
    expect(click, 'the browser does not load the page itself').toBe(false);
    expect(window.location.pathname).toBe('/about');
    expect(window.history.length).toBe(before + 1);
    expect(screen.getByRole('status')).toHaveTextContent('/about');

    // The same address again replaces the entry rather than adding one.
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'About' })));
    expect(window.history.length).toBe(before + 1);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Go' })));
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/services?x=1#contactus',
    );
    expect(screen.getByRole('status')).toHaveTextContent('/services?x=1#contactus');

    await act(async () => {
      window.history.replaceState(null, '', '/about');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('status')).toHaveTextContent(/^\/about$/);
  });

  it('leaves a new-tab link, a modified click and another button to the browser', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Page />
      </MemoryRouter>,
    );
    const about = screen.getByRole('link', { name: 'About' });
    expect(fireEvent.click(about, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(about, { button: 1 })).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Careers in a new tab' }))).toBe(true);
    expect(screen.getByRole('status')).toHaveTextContent(/^\/$/);
    await act(async () => fireEvent.click(about));
    expect(screen.getByRole('status')).toHaveTextContent('/about');
  });

  it('renders one fixed address on the server, links as plain <a href>', () => {
    const html = renderToString(
      <StaticRouter location="/careers/app-developer#apply">
        <Where />
        <Link to="/">Home</Link>
      </StaticRouter>,
    );
    expect(html).toContain('<output>/careers/app-developer#apply</output>');
    expect(html).toContain('<a href="/">Home</a>');
  });

  it('says so when used outside a router', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Where />)).toThrow(/inside a router/);
  });
});
