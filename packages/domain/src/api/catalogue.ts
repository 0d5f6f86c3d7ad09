import * as z from 'zod/mini';
import { idParamSchema } from './ids.ts';

export const STORE_ID = 13;

export const languageSchema = z.enum(['de', 'en']);
export type Language = z.infer<typeof languageSchema>;

/** A text in every language the shop speaks, as the catalogue stores it (names, descriptions). */
export const localizedTextSchema = z.object({ de: z.string(), en: z.string() });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

export const storeIdQuerySchema = z.object({
  store_id: idParamSchema,
});

export const storeIdParamsSchema = z.object({
  id: idParamSchema,
});

export const productTypeSchema = z.enum(['simple', 'variable']);
export type ProductType = z.infer<typeof productTypeSchema>;

export const discountCodeSchema = z.enum(['DELIVERY_DISCOUNT', 'PICKUP_DISCOUNT']);
export type DiscountCode = z.infer<typeof discountCodeSchema>;

export const regionCodeSchema = z.enum(['de-DE', 'de-CH', 'en-GB']);
export type RegionCode = z.infer<typeof regionCodeSchema>;

export const allergenSchema = z.object({
  code: z.string(),
  name: z.string(),
});
export type Allergen = z.infer<typeof allergenSchema>;

export const additiveSchema = z.object({
  code: z.string(),
  name: z.string(),
});
export type Additive = z.infer<typeof additiveSchema>;

export const categorySchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  position: z.int(),
  store_id: z.int(),
});
export type Category = z.infer<typeof categorySchema>;

export const variantSchema = z.object({
  id: z.int(),
  name: z.string(),
  price: z.number(),
  /** This size is sold in halves too (half-and-half). Absent: not. */
  divisible: z.optional(z.boolean()),
});
export type Variant = z.infer<typeof variantSchema>;

export const toppingSchema = z.object({
  id: z.int(),
  name: z.string(),
  price: z.number(),
  allergens: z.array(allergenSchema),
  additives: z.array(additiveSchema),
  /** Sold out today (staff marked it so): every group offers it greyed, not choosable. Absent: not sold out. */
  sold_out: z.optional(z.boolean()),
});
export type Topping = z.infer<typeof toppingSchema>;

export const toppingGroupSchema = z.object({
  id: z.int(),
  name: z.string(),
  min_select: z.int().check(z.minimum(0)),
  max_select: z.int().check(z.minimum(0)),
  toppings: z.array(toppingSchema),
});
export type ToppingGroup = z.infer<typeof toppingGroupSchema>;

export const productSchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  /** The bottle deposit (Pfand) per unit, charged on top of the price and shown beside it; 0 for none. */
  deposit: z._default(z.number(), 0),
  type: productTypeSchema,
  category_id: z.int(),
  position: z.int(),
  /** Whether it can be ordered now; a dish sold out today is listed too, not available. */
  available: z.boolean(),
  /** Sold out today (staff marked it so): the menu shows it greyed, the cart names it. Absent: not sold out. */
  sold_out: z.optional(z.boolean()),
  variants: z.array(variantSchema),
  /** A simple product sold in halves too (half-and-half); a variable one says it per size. Absent: not. */
  divisible: z.optional(z.boolean()),
  enriched_topping_groups: z.array(toppingGroupSchema),
  tax: z.object({ percentage: z.number() }),
  allergens: z.array(allergenSchema),
  additives: z.array(additiveSchema),
  /** The menu card's square picture (at least 320 px), or null: the product has none. */
  image_url: z.nullable(z.string()),
  /** The options dialog's 16:9 picture (at least 1280 px wide), or null. */
  image_wide_url: z.optional(z.nullable(z.string())),
});
export type Product = z.infer<typeof productSchema>;

export const storeHourSchema = z.object({
  day_of_week: z.int().check(z.minimum(0), z.maximum(6)),
  open_time: z.string().check(z.regex(/^\d{2}:\d{2}$/)),
  close_time: z.string().check(z.regex(/^\d{2}:\d{2}$/)),
  label: z.nullable(z.string()),
});
export type StoreHour = z.infer<typeof storeHourSchema>;

export const regionSchema = z.object({
  code: regionCodeSchema,
  currency: z.enum(['EUR', 'CHF', 'USD']),
  show_legal_link: z.boolean(),
});
export type Region = z.infer<typeof regionSchema>;

/**
 * What a store's region implies (docs/product/money.md, currency). The currency follows the store's region,
 * never the visitor's language (docs/product/money.md).
 */
export const REGIONS: Readonly<Record<RegionCode, Region>> = {
  'de-DE': { code: 'de-DE', currency: 'EUR', show_legal_link: true },
  'de-CH': { code: 'de-CH', currency: 'CHF', show_legal_link: false },
  'en-GB': { code: 'en-GB', currency: 'USD', show_legal_link: false },
};

export const storeSchema = z.object({
  id: z.int(),
  name: z.string(),
  timezone: z.string(),
  region: regionSchema,
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  store_hours: z.array(storeHourSchema),
  /** How many days after today customers may order for; 0 for today only. */
  preorder_days: z.int(),
});
export type Store = z.infer<typeof storeSchema>;

export const discountSchema = z.object({
  code: discountCodeSchema,
  type: z.literal('percentage'),
  value: z.number().check(z.minimum(0), z.maximum(100)),
});
export type Discount = z.infer<typeof discountSchema>;

export const postcodeSchema = z.object({
  id: z.int(),
  postcode: z.string(),
  /** The town the area lies in: with the postcode, the second line of a delivery address (kept choices from before it existed read as ''). */
  city: z._default(z.string(), ''),
  delivery_fee: z.number(),
  minimum_order_amount: z.number(),
  delivery_time: z.int(),
  store_id: z.int(),
});
export type Postcode = z.infer<typeof postcodeSchema>;

/**
 * `GET /api/health`: 200 whenever the database answers. `degraded` while the pub/sub between instances
 * (Redis) is not connected: the instance serves, but reads what other instances changed from the database.
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  pubsub: z.object({ kind: z.enum(['in-process', 'redis']), connected: z.boolean() }),
});

const clockSchema = z.string().check(z.regex(/^\d{2}:\d{2}$/));
const reopeningSchema = z.nullable(
  z.object({ date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)), time: clockSchema }),
);

/** Whether the store takes orders now, as the shop shows it (`LiveStoreStatus`, from a status message). */
export const liveStoreStatusSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('open'), closesAt: clockSchema }),
  z.object({ kind: z.literal('paused'), until: z.nullable(clockSchema), auto: z.optional(z.literal(true)) }),
  z.object({ kind: z.literal('closure'), reason: z.nullable(z.string()), reopens: reopeningSchema }),
  z.object({ kind: z.literal('opens_at'), time: clockSchema }),
  z.object({ kind: z.literal('closed_today'), reopens: reopeningSchema }),
]);

/**
 * The catalogue the server renders the menu page from, sent along in the page (`<script
 * id="shop-data" type="application/json">`) so the shop starts on the same data without asking again:
 * the public API's answers in one language.
 */
export const shopPageDataSchema = z.object({
  language: languageSchema,
  store: storeSchema,
  categories: z.array(categorySchema),
  products: z.array(productSchema),
  postcodes: z.array(postcodeSchema),
  discounts: z.array(discountSchema),
  /**
   * Whether the store took orders when the page was rendered: the page shows it from its first paint,
   * so nothing moves when the live status arrives. Absent when it could not be computed.
   */
  status: z.optional(liveStoreStatusSchema),
  /** The catalogue's version it was rendered from, as the live status channel names it (`menu_version`). */
  menu_version: z.optional(z.string()),
});
export type ShopPageData = z.infer<typeof shopPageDataSchema>;
