import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/**
 * A new page starts at its top: without this the order page would open scrolled to where the
 * checkout's order button was. Back and forward are left to the browser's own scroll restoration.
 */
export function useScrollToTopOnNavigate(): void {
  const [location] = useLocation();
  const previous = useRef(location);
  const cameBack = useRef(false);

  useEffect(() => {
    const onPopState = () => {
      cameBack.current = true;
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  useEffect(() => {
    if (previous.current === location) return;
    previous.current = location;
    if (cameBack.current) {
      cameBack.current = false;
      return;
    }
    window.scrollTo(0, 0);
  }, [location]);
}
