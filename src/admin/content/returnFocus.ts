/**
 * A dialog gives the keyboard back, once it is gone, to what had it when the dialog opened (the
 * button that opened it), when that is still on the page and nothing else took the keyboard
 * meanwhile; else to `fallback` (the button that replaced it: Withdraw from review becomes Submit
 * for review). Without it the keyboard lands on the page's body, at its top.
 */
import { useEffect, useRef } from 'react';

export function useReturnFocus(fallback?: () => HTMLElement | null | undefined): void {
  const latest = useRef(fallback);
  latest.current = fallback;
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      // After the dialog has left the page (and the page has drawn what replaced it).
      setTimeout(() => {
        const now = document.activeElement;
        if (now && now !== document.body) return;
        (opener?.isConnected ? opener : latest.current?.())?.focus();
      });
    };
  }, []);
}
