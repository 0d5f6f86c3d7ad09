import * as z from 'zod/mini';
import {
  booleanQuery,
  localizedDescriptionInput,
  localizedNameInput,
  moneyInput,
  pageQuerySchema,
  pageSchema,
  versionSchema,
} from './admin-common.ts';
import { localizedTextSchema, productTypeSchema } from './catalogue.ts';
import { idParamSchema, idSchema } from './ids.ts';
import { inputString } from './input.ts';

// The back office's menu: categories, products with their sizes, what they offer and
// declare, and uploaded pictures. Paths are under `/api/admin/stores/{id}`; money is decimal euros.

/** The most of anything one list reorders at once: far more than any menu has. */
const MAX_LIST = 500;
/** The most sizes a variable product has (1–12). */
export const MAX_VARIANTS = 12;

// ---- Categories ----------------------------------------------------------------------------------

/** `/stores/{id}/categories/{categoryId}` */
export const categoryParamsSchema = z.object({ id: idParamSchema, categoryId: idParamSchema });

/** A category as the back office lists and edits it (`GET /stores/{id}/categories`, every write's answer). */
export const adminCategorySchema = z.object({
  id: z.int(),
  name: localizedTextSchema,
  description: localizedTextSchema,
  position: z.int(),
  hidden: z.boolean(),
  version: z.int(),
  /** Products in it that are not archived (hidden ones count: they keep it from being archived). */
  product_count: z.int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

/** `POST /stores/{id}/categories`: a new category, appended at the end. */
export const categoryRequestSchema = z.object({
  name: localizedNameInput(),
  description: localizedDescriptionInput(),
  hidden: z.boolean(),
});
export type CategoryRequest = z.infer<typeof categoryRequestSchema>;

/** `PUT /stores/{id}/categories/{categoryId}`: the edit form, with the version it was read at. */
export const categoryUpdateRequestSchema = z.object({ ...categoryRequestSchema.shape, version: versionSchema });
export type CategoryUpdateRequest = z.infer<typeof categoryUpdateRequestSchema>;

/**
 * `PUT /stores/{id}/categories/order`: every category of the store (not archived) once, in the new order.
 * Positions are not part of the edit form, so reordering raises no version.
 */
export const categoryOrderRequestSchema = z.object({
  ids: z.array(idSchema).check(z.minLength(1), z.maxLength(MAX_LIST)),
});
export type CategoryOrderRequest = z.infer<typeof categoryOrderRequestSchema>;

// ---- Products ------------------------------------------------------------------------------------

/** `/stores/{id}/products/{productId}` */
export const productParamsSchema = z.object({ id: idParamSchema, productId: idParamSchema });

/** `GET /stores/{id}/products?search=&category_id=&hidden=&sold_out=&page=&page_size=` */
export const adminProductQuerySchema = z.object({
  ...pageQuerySchema.shape,
  /** Part of the German or English name, any case. */
  search: z.optional(inputString().check(z.trim(), z.maxLength(80))),
  category_id: z.optional(idParamSchema),
  hidden: z.optional(booleanQuery),
  /** Sold out right now (`sold_out_until` still ahead). */
  sold_out: z.optional(booleanQuery),
});
export type AdminProductQuery = z.infer<typeof adminProductQuerySchema>;

export const adminVariantSchema = z.object({
  id: z.int(),
  name: localizedTextSchema,
  price: z.number(),
  /** This size is sold in halves too (half-and-half with another divisible dish of the same size name). */
  divisible: z._default(z.boolean(), false),
});
export type AdminVariant = z.infer<typeof adminVariantSchema>;

/** A line of the product list: what it shows. */
export const adminProductSummarySchema = z.object({
  id: z.int(),
  name: localizedTextSchema,
  category_id: z.int(),
  type: productTypeSchema,
  /** A simple product's price; a variable one's cheapest size ("from"). */
  price: z.number(),
  /** A variable product's sizes with their prices; empty for a simple one. */
  variants: z.array(adminVariantSchema),
  /** The bottle deposit (Pfand) charged on top per unit; 0 for none (decision 016). */
  deposit: z.number(),
  hidden: z.boolean(),
  /** Sold out until then (ISO-8601), or null; a past moment means it sells again. */
  sold_out_until: z.nullable(z.string()),
  /** The card picture (uploaded, else the demo drawing), or null. */
  image_url: z.nullable(z.string()),
  position: z.int(),
  version: z.int(),
});
export type AdminProductSummary = z.infer<typeof adminProductSummarySchema>;

/** `GET /stores/{id}/products`: one page of the list, ordered by category position, then product position. */
export const adminProductPageSchema = pageSchema(adminProductSummarySchema);
export type AdminProductPage = z.infer<typeof adminProductPageSchema>;

/** An uploaded picture's URLs (`POST /stores/{id}/pictures`' answer): the largest card and wide renditions. */
export const adminPictureSchema = z.object({ id: z.int(), card_url: z.string(), wide_url: z.string() });
export type AdminPicture = z.infer<typeof adminPictureSchema>;

/** A product as its edit form reads it (`GET /stores/{id}/products/{productId}`, every product write's answer). */
export const adminProductSchema = z.object({
  id: z.int(),
  category_id: z.int(),
  type: productTypeSchema,
  name: localizedTextSchema,
  description: localizedTextSchema,
  price: z.number(),
  /** The bottle deposit (Pfand) per unit, charged on top of the price; 0 for none (decision 016). */
  deposit: z.number(),
  tax_rate_id: z.int(),
  /** Sizes in their order; archived ones are gone. */
  variants: z.array(adminVariantSchema),
  /** A simple product sold in halves too (half-and-half); a variable one says it per size. */
  divisible: z._default(z.boolean(), false),
  /** The uploaded picture, or null. */
  picture: z.nullable(adminPictureSchema),
  /** What the shop's card shows: the picture's card, else the demo drawing, else null. */
  image_url: z.nullable(z.string()),
  position: z.int(),
  hidden: z.boolean(),
  sold_out_until: z.nullable(z.string()),
  /** The topping groups it offers, in order (the first decides the quick-add). */
  topping_group_ids: z.array(z.int()),
  allergen_codes: z.array(z.string()),
  additive_codes: z.array(z.string()),
  version: z.int(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** A size as the form sends it: with its id when it exists already, without for a new one. */
export const variantInputSchema = z.object({
  id: z.optional(idSchema),
  name: localizedNameInput(40),
  price: moneyInput(),
  /** Sold in halves too at this size. Left out: not for a new size, unchanged for an existing one. */
  divisible: z.optional(z.boolean()),
});
export type VariantInput = z.infer<typeof variantInputSchema>;

const productFields = {
  category_id: idSchema,
  type: productTypeSchema,
  name: localizedNameInput(),
  description: localizedDescriptionInput(),
  /** Required for a simple product; a variable one's is its cheapest size's, whatever is sent. */
  price: z.optional(z.nullable(moneyInput())),
  /** The bottle deposit per unit, checked like a price. Left out: none for a new product, unchanged on an edit. */
  deposit: z.optional(moneyInput()),
  tax_rate_id: idSchema,
  /**
   * A simple product sold in halves too (a variable one says it per size; there it is ignored). Left out:
   * not for a new product, unchanged on an edit.
   */
  divisible: z.optional(z.boolean()),
  /** Sizes in the order the shop lists them: none for a simple product, 1–12 for a variable one. */
  variants: z.array(variantInputSchema).check(z.maxLength(MAX_VARIANTS)),
  /** An uploaded picture of this store, or null for none. */
  picture_id: z.nullable(idSchema),
  hidden: z.boolean(),
};

type ProductFields = z.infer<z.ZodMiniObject<typeof productFields>>;

/** The rules that tie `type`, `price` and `variants` together, on both the form and the server. */
const productTypeRules = [
  z.refine<ProductFields>((body) => body.type === 'variable' || (body.price !== undefined && body.price !== null), {
    message: 'A simple product needs a price',
    path: ['price'],
  }),
  z.refine<ProductFields>((body) => body.type === 'variable' || body.variants.length === 0, {
    message: 'A simple product has no sizes',
    path: ['variants'],
  }),
  z.refine<ProductFields>((body) => body.type === 'simple' || body.variants.length > 0, {
    message: 'A variable product needs at least one size',
    path: ['variants'],
  }),
  z.refine<ProductFields>(
    (body) => {
      const ids = body.variants.flatMap((variant) => (variant.id === undefined ? [] : [variant.id]));
      return new Set(ids).size === ids.length;
    },
    { message: 'A size is listed twice', path: ['variants'] },
  ),
];

/** `POST /stores/{id}/products`: a new product, appended to its category. */
export const productRequestSchema = z.object(productFields).check(...productTypeRules);
export type ProductRequest = z.infer<typeof productRequestSchema>;

/**
 * `PUT /stores/{id}/products/{productId}`: the edit form. Sizes with an id are updated, new ones added,
 * missing ones archived (orders keep their own copies).
 */
export const productUpdateRequestSchema = z
  .object({ ...productFields, version: versionSchema })
  .check(...productTypeRules);
export type ProductUpdateRequest = z.infer<typeof productUpdateRequestSchema>;

/**
 * `PUT /stores/{id}/products/{productId}/sold-out` and `PUT /stores/{id}/toppings/{toppingId}/sold-out`:
 * sold out until the next business day starts, or back on sale.
 */
export const soldOutRequestSchema = z.object({ sold_out: z.boolean(), version: versionSchema });
export type SoldOutRequest = z.infer<typeof soldOutRequestSchema>;

/** `PUT /stores/{id}/products/order`: every product of the category (not archived) once, in the new order. */
export const productOrderRequestSchema = z.object({
  category_id: idSchema,
  ids: z.array(idSchema).check(z.minLength(1), z.maxLength(MAX_LIST)),
});
export type ProductOrderRequest = z.infer<typeof productOrderRequestSchema>;

/** `PUT /stores/{id}/products/{productId}/topping-groups`: the groups it offers, in order. */
export const productGroupsRequestSchema = z.object({
  group_ids: z.array(idSchema).check(z.maxLength(50)),
  version: versionSchema,
});
export type ProductGroupsRequest = z.infer<typeof productGroupsRequestSchema>;

const declarationCode = inputString().check(z.trim(), z.minLength(1), z.maxLength(8));

/** `PUT /stores/{id}/products/{productId}/declarations`: its allergens (a–n) and additives (1, 2, …). */
export const declarationsRequestSchema = z.object({
  allergen_codes: z.array(declarationCode).check(z.maxLength(50)),
  additive_codes: z.array(declarationCode).check(z.maxLength(50)),
  version: versionSchema,
});
export type DeclarationsRequest = z.infer<typeof declarationsRequestSchema>;

// ---- Pictures ------------------------------------------------------------------------------------

/** The types `POST /stores/{id}/pictures` takes, as the raw body with its `Content-Type`. */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The largest upload: 10 MB. */
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;
/** The shorter side of an upload must have at least this many pixels. */
export const MIN_PICTURE_SIDE = 200;
