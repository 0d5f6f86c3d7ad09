import { BASE_PATH } from '../../http/base-path.ts';

/** The demo menu's drawings, shipped with the web app. */
export function productImageUrl(slug: string): string {
  return `${BASE_PATH}/images/products/${slug}.svg`;
}

/** An uploaded picture's rendition: the hash of its bytes names it, so the URL never changes meaning. */
export function pictureUrl(hash: string): string {
  return `/api/pictures/${hash}.webp`;
}
