import * as z from 'zod/mini';
import { storeSchema } from './catalogue.ts';

/**
 * The legal notice (Impressum, § 5 DDG) staff keep in the store's settings: who runs the
 * restaurant and where it is registered. Empty strings are details the restaurant has not given.
 */
export const legalNoticeSchema = z.object({
  legal_name: z.string(),
  legal_representative: z.string(),
  trade_register: z.string(),
  vat_id: z.string(),
});
export type LegalNotice = z.infer<typeof legalNoticeSchema>;

/**
 * `GET /api/stores/{id}` as the server sends it: the store with its legal notice. The storefront's first
 * load parses the answer with `storeSchema`, which leaves the notice out; the privacy page reads it.
 */
export const storeDetailsSchema = z.extend(storeSchema, { legal_notice: legalNoticeSchema });
export type StoreDetails = z.infer<typeof storeDetailsSchema>;
