/**
 * The site's router: the current address (path, query, #hash) and client-side navigation, no more.
 * Every route is an exact path from the content (src/content/model.ts), so nothing is matched by
 * pattern; App looks the path up in the route table. It replaces react-router (about 12.5 KB of
 * the 95 KB a page may load first, issue 23) with the few things the site uses: BrowserRouter,
 * StaticRouter (pre-rendering), MemoryRouter (tests, the editor's preview), Link, useLocation and
 * useNavigate, with the same names and props.
 *
 * As with react-router, a navigation is a transition (startTransition): the page on screen stays
 * until the next one's content and block code are there.
 */
import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
}

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}
export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

interface RouterValue {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterValue | null>(null);

/** "/a/b?x=1#c" (absolute or relative to `base`) as its path, query and hash. */
export function parsePath(to: string, base = 'http://localhost/'): Location {
  const url = new URL(to, base);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

const href = (l: Location) => `${l.pathname}${l.search}${l.hash}`;

function useRouterValue(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('useLocation() and useNavigate() must be used inside a router');
  return value;
}

export function useLocation(): Location {
  return useRouterValue().location;
}

export function useNavigate(): NavigateFunction {
  return useRouterValue().navigate;
}

/** A router whose address changes only by `navigate` (tests, the editor's preview). */
function InMemoryRouter({ start, children }: { start: string; children: ReactNode }) {
  const [location, setLocation] = useState(() => parsePath(start));
  const navigate = useCallback<NavigateFunction>((to) => {
    startTransition(() => setLocation((from) => parsePath(to, `http://localhost${from.pathname}`)));
  }, []);
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function MemoryRouter({
  initialEntries = ['/'],
  children,
}: {
  initialEntries?: string[];
  children: ReactNode;
}) {
  return <InMemoryRouter start={initialEntries[initialEntries.length - 1] ?? '/'}>{children}</InMemoryRouter>;
}

/** The pre-renderer's router: one fixed address. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const value = useMemo(
    () => ({
      location: parsePath(location),
      navigate: () => {
        throw new Error('StaticRouter cannot navigate');
      },
    }),
    [location],
  );
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

const windowLocation = (): Location => ({
  pathname: window.location.pathname,
  search: window.location.search,
  hash: window.location.hash,
});

/** The browser's router: the address bar's location, pushState on navigation, back/forward. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(windowLocation);
  useEffect(() => {
    const onPop = () => startTransition(() => setLocation(windowLocation()));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback<NavigateFunction>((to, options = {}) => {
    const next = parsePath(to, window.location.href);
    // The address already shown is replaced, not added again (as react-router does).
    const replace = options.replace || href(next) === href(windowLocation());
    if (replace) window.history.replaceState(window.history.state, '', href(next));
    else window.history.pushState(null, '', href(next));
    startTransition(() => setLocation(next));
  }, []);
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** Whether a click on a link is the browser's own business (new tab, download, other button). */
function leftToBrowser(e: MouseEvent<HTMLAnchorElement>): boolean {
  const target = e.currentTarget.getAttribute('target');
  return (
    e.defaultPrevented ||
    e.button !== 0 ||
    e.metaKey ||
    e.altKey ||
    e.ctrlKey ||
    e.shiftKey ||
    (!!target && target !== '_self') ||
    e.currentTarget.hasAttribute('download')
  );
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
};

/** A link to a page of the site: a real <a href> (works without JavaScript), navigated in place. */
export function Link({ to, replace, onClick, children, ...rest }: LinkProps) {
  const { navigate } = useRouterValue();
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (leftToBrowser(e)) return;
    e.preventDefault();
    navigate(to, { replace: replace ?? false });
  };
  return (
    <a href={to} onClick={handle} {...rest}>
      {children}
    </a>
  );
}
