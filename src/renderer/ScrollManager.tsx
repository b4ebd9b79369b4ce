/**
 * Scroll behaviour on navigation: a new page starts at its top; an address with #anchor (e.g.
 * "/#contactus" or "/about#contactus") scrolls to that element, leaving room for the fixed header.
 * The first render (hydrating the page the browser loaded) leaves the scroll position alone: the
 * browser already opened it at the top, or restored the place of a reload, and a visitor may have
 * scrolled the pre-rendered page before its code arrived.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useSite } from './ContentContext.tsx';
import { scrollToAnchor } from './links.tsx';

export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const offset = useSite().frame.contactScrollOffsetPx;
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is exactly what must scroll to the top.
  useEffect(() => {
    const loadedPage = firstRender.current;
    firstRender.current = false;
    if (hash) {
      const id = decodeURIComponent(hash.slice(1));
      // The page's blocks may still be loading: try again on the next frames.
      let tries = 0;
      const attempt = () => {
        if (!scrollToAnchor(id, offset) && tries++ < 30) requestAnimationFrame(attempt);
      };
      attempt();
      return;
    }
    if (!loadedPage) window.scrollTo(0, 0);
  }, [pathname, hash, offset]);
  return null;
}
