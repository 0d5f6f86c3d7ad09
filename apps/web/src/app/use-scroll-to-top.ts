import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/**
 * A new page starts at its top: without this the order page would open scrolled to where the
 * checkout's order button was. Back and forward are left to the browser's own scroll restoration.
 */
export function useScrollToTopOnNavigate(): void {
  const [location] = useLocation();
  const previous = useRef(location);
  /** The address Back or Forward came to: a Back that only closed a dialog stays where it was. */
  const cameBack = useRef<string | null>(null);

  useEffect(() => {
    const onPopState = () => {
      cameBack.current = window.location.href;
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  useEffect(() => {
    if (previous.current === location) return;
    previous.current = location;
    const back = cameBack.current === window.location.href;
    cameBack.current = null;
    if (back) return;
    window.scrollTo(0, 0);
  }, [location]);
}
