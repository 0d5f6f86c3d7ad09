import { useEffect } from 'react';

const MOBILE_QUERY = '(max-width: 767.98px)';
const ZOOM_KEYS = new Set(['+', '-', '=', 'Add', 'Subtract']);

/**
 * On phone widths the browser's ctrl/⌘ zoom (keys + - = and ctrl+wheel) is blocked, so the shop's
 * layout keeps its mobile size (docs/product/shop.md). Pinch zoom is untouched.
 */
export function useMobileZoomBlock(): void {
  useEffect(() => {
    const isMobile = () => (window.matchMedia ? window.matchMedia(MOBILE_QUERY).matches : window.innerWidth < 768);
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && ZOOM_KEYS.has(event.key) && isMobile()) event.preventDefault();
    };
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey && isMobile()) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('wheel', onWheel);
    };
  }, []);
}
