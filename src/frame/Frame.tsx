/**
 * The shared frame of every page: skip link, fixed navigation bar, the page, the footer (the target
 * of Contact Us) and the floating chat button. Everything it says comes from site.yaml.
 */
import type { ReactNode } from 'react';
import { ChatWidget } from './ChatWidget.tsx';
import { Footer } from './Footer.tsx';
import { NavBar } from './NavBar.tsx';

/** Generic UI words (the same on any site): the skip link is the only one. */
const SKIP_TO_CONTENT = 'Skip to content';

export function Frame({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        {SKIP_TO_CONTENT}
      </a>
      <NavBar />
      {children}
      <Footer />
      <ChatWidget />
    </>
  );
}
