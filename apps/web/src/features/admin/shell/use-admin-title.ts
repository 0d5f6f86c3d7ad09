import { useEffect } from 'react';
import { formatPageTitle } from '../../../lib/page-title.ts';
import { useRestaurantName } from '../../store/index.ts';

/**
 * Names a back-office page in `document.title` as '{page} | {restaurant} Restaurant' (SPEC §2). The
 * back office has its own frame, so it does not go through the storefront layout's title store.
 */
export function useAdminTitle(title: string): void {
  const name = useRestaurantName();
  useEffect(() => {
    document.title = formatPageTitle(name, title);
  }, [name, title]);
}
