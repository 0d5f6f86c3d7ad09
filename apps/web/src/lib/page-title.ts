import { useEffect } from 'react';
import { create } from 'zustand';

/** The current page's own title; the app shell combines it with the restaurant's name. */
export const usePageTitleStore = create<{ title: string | undefined }>()(() => ({ title: undefined }));

/** `{title} | {restaurant} Restaurant`; without a title the bare restaurant name (docs/product/shop.md). */
export function formatPageTitle(restaurantName: string, title?: string): string {
  return title ? `${title} | ${restaurantName} Restaurant` : restaurantName;
}

/** Names the current page in the document title; pages without a title show the bare name. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    usePageTitleStore.setState({ title });
    return () => usePageTitleStore.setState({ title: undefined });
  }, [title]);
}
