/** URL of a file in `public/` under the app's base path (`/order-online/`). */
export function assetUrl(path: string): string {
  return `${import.meta.env.BASE_URL}${path.replace(/^\//, '')}`;
}
