/**
 * One link component for every link written in YAML, so the rules live in one place:
 * site pages use the router, "#contactus" (or any #anchor) scrolls smoothly with the header offset,
 * external addresses open in a new tab safely, mailto:/tel: stay plain.
 */
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSite } from './ContentContext.tsx';

export type LinkKind = 'internal' | 'anchor' | 'external' | 'plain';

export function linkKind(href: string): LinkKind {
  if (href.startsWith('/')) return 'internal';
  if (href.startsWith('#')) return 'anchor';
  if (/^https?:/.test(href)) return 'external';
  return 'plain';
}

export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

/** Scrolls to the element with this id, leaving `offset` pixels above it (for the fixed header). */
export function scrollToAnchor(id: string, offset: number): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const top = target.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  return true;
}

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  href: string;
  children: ReactNode;
  /** Force a new tab (e.g. service cards); external links always open one. */
  newTab?: boolean;
};

export function SmartLink({ href, children, newTab, onClick, ...rest }: Props) {
  const site = useSite();
  const location = useLocation();
  const kind = linkKind(href);
  const newTabProps = { target: '_blank', rel: 'noopener noreferrer' };

  if (kind === 'anchor') {
    const handle = (e: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(e);
      if (e.defaultPrevented) return;
      if (scrollToAnchor(href.slice(1), site.frame.contactScrollOffsetPx)) {
        e.preventDefault();
        window.history.replaceState(window.history.state, '', href);
      }
    };
    return (
      <a href={href} onClick={handle} {...rest}>
        {children}
      </a>
    );
  }
  if (kind === 'internal' && !newTab) {
    const handle = (e: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(e);
      // Choosing the page already shown still takes the visitor back to its top.
      if (!e.defaultPrevented && href === location.pathname) {
        window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
      }
    };
    return (
      <Link to={href} onClick={handle} {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} onClick={onClick} {...(kind === 'external' || newTab ? newTabProps : {})} {...rest}>
      {children}
    </a>
  );
}
