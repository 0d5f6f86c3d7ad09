import { useLocation } from 'wouter';
import { MenuSearchBox } from '../../menu/index.ts';

/** The menu search on phones (< 768 px); typing on another page goes back to the menu. */
export function MobileSearch() {
  const [pathname, navigate] = useLocation();
  return (
    <MenuSearchBox
      look="mobile-search"
      onType={() => {
        if (pathname !== '/') navigate('/');
      }}
    />
  );
}
