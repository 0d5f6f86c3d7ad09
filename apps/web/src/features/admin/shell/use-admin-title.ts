import { useEffect } from 'react';
import { formatPageTitle } from '../../../lib/page-title.ts';
import { useRestaurantName } from '../../store/index.ts';

/**
 * Names a back-office page in `document.title` as '{page} | {restaurant} Restaurant' (docs/product/shop.md). The
 * back office has its own frame, so it does not go through the storefront layout's title store. A count
 * (the board's new orders) goes first, '(2) Admin Dashboard | …', so it shows in a narrow tab.
 */
export function useAdminTitle(title: string, count = 0): void {
  const name = useRestaurantName();
  useEffect(() => {
    const page = formatPageTitle(name, title);
    document.title = count > 0 ? `(${count}) ${page}` : page;
  }, [name, title, count]);
}
