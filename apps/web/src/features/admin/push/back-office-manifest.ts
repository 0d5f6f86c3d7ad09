import { useEffect } from 'react';

/** The back office's web app manifest (apps/web/public/admin): installed, it opens at the board, standalone. */
export const MANIFEST_URL = '/order-online/admin/manifest.webmanifest';

/**
 * Links the back office's manifest while the back office is shown, so a tablet can install it as an app;
 * the storefront's pages never link it (they are not the app staff install).
 */
export function useBackOfficeManifest(): void {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = MANIFEST_URL;
    document.head.append(link);
    return () => link.remove();
  }, []);
}
