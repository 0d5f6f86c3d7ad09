import { HttpError } from '../../plugins/errors.ts';

/** The one answer for a store id that names no store, wherever a route takes one. */
export function storeNotFound(storeId: number): HttpError {
  return new HttpError(404, 'store_not_found', {
    de: `Das Restaurant ${storeId} gibt es nicht.`,
    en: `Store ${storeId} does not exist.`,
  });
}
