import { useEffect } from 'react';
import { formatPageTitle, usePageTitleStore } from '../lib/page-title.ts';
import { useRestaurantName } from '../features/store/index.ts';

/** Keeps `document.title` as '{page} | {restaurant} Restaurant', or the bare name (docs/product/shop.md). */
export function useDocumentTitle(): void {
  const name = useRestaurantName();
  const title = usePageTitleStore((state) => state.title);
  useEffect(() => {
    document.title = formatPageTitle(name, title);
  }, [name, title]);
}
