/**
 * The storefront's one link to the back office, a chunk of a few bytes: the back office's own chunks
 * are listed here, for preloading when it opens, instead of in the storefront's first load, where every
 * lazy chunk's name is listed (docs/decisions/003). Staff pay one more small request; shoppers nothing.
 */
export const loadAdminArea = () => import('./admin-area.tsx');
