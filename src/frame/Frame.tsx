/**
 * The shared frame of every page: skip link, fixed navigation bar, the page, the footer (the target
 * of Contact Us) and the floating chat button. Everything it says comes from site.yaml.
 */
import type { ReactNode } from 'react';
import { useSite } from '../renderer/ContentContext.tsx';
import { ChatWidget } from './ChatWidget.tsx';
import { Footer } from './Footer.tsx';
import { NavBar } from './NavBar.tsx';

export function Frame({ children }: { children: ReactNode }) {
  const { frame } = useSite();
  return (
    <>
      <a className="skip-link" href="#main">
        {frame.skipToContent}
      </a>
      <NavBar />
      {children}
      <Footer />
      <ChatWidget />
    </>
  );
}
