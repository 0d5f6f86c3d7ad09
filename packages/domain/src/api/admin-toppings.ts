import * as z from 'zod/mini';
import { localizedNameInput, moneyInput, percentageInput, versionSchema } from './admin-common.ts';
import { localizedTextSchema } from './catalogue.ts';
import { idParamSchema, idSchema } from './ids.ts';
import { inputString } from './input.ts';

// The back office's toppings, topping groups (with the toppings each offers, at which price), allergens,
// additives and VAT rates. Paths are under `/api/admin`; `:id` is the store. Allergens,
// additives and VAT rates are shared by every store. Amounts are decimal euros.

// ---------------------------------------------------------------------------------------------------
// Path parameters

/** `/stores/:id/toppings/:toppingId…` */
export const toppingParamsSchema = z.object({ id: idParamSchema, toppingId: idParamSchema });

/** `/stores/:id/topping-groups/:groupId…` */
export const toppingGroupParamsSchema = z.object({ id: idParamSchema, groupId: idParamSchema });

/** `/allergens/:allergenId` */
export const allergenParamsSchema = z.object({ allergenId: idParamSchema });

/** `/additives/:additiveId…` */
export const additiveParamsSchema = z.object({ additiveId: idParamSchema });

/** `/tax-rates/:taxRateId…` */
export const taxRateParamsSchema = z.object({ taxRateId: idParamSchema });

// ---------------------------------------------------------------------------------------------------
// Toppings

/**
 * A topping as the back office lists it (`GET /stores/:id/toppings`) and every topping write answers
 * with. `price` is the default price a group offers it at when it is added to one; `group_ids` are the
 * (not archived) groups that offer it now.
 */
export const adminToppingSchema = z.object({
  id: z.int(),
  name: localizedTextSchema,
  price: z.number(),
  allergen_codes: z.array(z.string()),
  additive_codes: z.array(z.string()),
  group_ids: z.array(z.int()),
  /** Sold out until then (ISO-8601), or null; a past moment means every group offers it again. */
  sold_out_until: z.nullable(z.string()),
  version: z.int(),
});
export type AdminTopping = z.infer<typeof adminToppingSchema>;

/** `GET /stores/:id/toppings`: the toppings not archived, by German name. */
export const adminToppingListSchema = z.array(adminToppingSchema);

/** `POST /stores/:id/toppings` (201). */
export const toppingCreateRequestSchema = z.object({
  name: localizedNameInput(),
  price: moneyInput(),
});
export type ToppingCreateRequest = z.infer<typeof toppingCreateRequestSchema>;

/**
 * `PUT /stores/:id/toppings/:toppingId`. A new default price applies when the topping is next added to
 * a group; the groups that offer it keep their own prices (set on the group's item page).
 */
export const toppingUpdateRequestSchema = z.object({
  name: localizedNameInput(),
  price: moneyInput(),
  version: versionSchema,
});
export type ToppingUpdateRequest = z.infer<typeof toppingUpdateRequestSchema>;

/** An allergen's letter (`a`–`n`) as a client sends it; the server checks that it exists. */
const allergenCodeInput = inputString().check(z.trim(), z.minLength(1), z.maxLength(3));

/** An additive's number (`1`, `12`) as a client sends it; the server checks that it exists. */
const additiveCodeInput = inputString().check(z.trim(), z.minLength(1), z.maxLength(3));

/**
 * `PUT /stores/:id/toppings/:toppingId/declarations`: all the topping's allergens and additives at once
 * (what the menu prints beside it and the shop's allergy filter reads). Raises the topping's version.
 */
export const toppingDeclarationsRequestSchema = z.object({
  allergen_codes: z.array(allergenCodeInput).check(z.maxLength(50)),
  additive_codes: z.array(additiveCodeInput).check(z.maxLength(100)),
  version: versionSchema,
});
export type ToppingDeclarationsRequest = z.infer<typeof toppingDeclarationsRequestSchema>;

// ---------------------------------------------------------------------------------------------------
// Topping groups

/** The most toppings one group may let a customer choose. */
export const MAX_TOPPING_SELECT = 20;

/** The most toppings one group may offer. */
export const MAX_GROUP_ITEMS = 200;

/** One topping a group offers, at the group's price for it. */
export const adminGroupItemSchema = z.object({
  topping_id: z.int(),
  name: localizedTextSchema,
  price: z.number(),
});
export type AdminGroupItem = z.infer<typeof adminGroupItemSchema>;

/**
 * A topping group as the back office lists it (`GET /stores/:id/topping-groups`) and every group write
 * answers with: its items in the shop's order (archived toppings left out) and the (not archived)
 * products that offer the group.
 */
export const adminToppingGroupSchema = z.object({
  id: z.int(),
  name: localizedTextSchema,
  min_select: z.int(),
  max_select: z.int(),
  items: z.array(adminGroupItemSchema),
  product_ids: z.array(z.int()),
  version: z.int(),
});
export type AdminToppingGroup = z.infer<typeof adminToppingGroupSchema>;

/** `GET /stores/:id/topping-groups`: the groups not archived. */
export const adminToppingGroupListSchema = z.array(adminToppingGroupSchema);

const toppingGroupFields = {
  name: localizedNameInput(),
  /** 0: the customer may skip the group. */
  min_select: z.int().check(z.minimum(0), z.maximum(MAX_TOPPING_SELECT)),
  max_select: z.int().check(z.minimum(1), z.maximum(MAX_TOPPING_SELECT)),
};

/**
 * `POST /stores/:id/topping-groups` (201). `min_select` must not exceed `max_select`: the server
 * answers 400 `min_select_above_max` (a form should check it too, with `minSelectAboveMax`).
 */
export const toppingGroupCreateRequestSchema = z.object(toppingGroupFields);
export type ToppingGroupCreateRequest = z.infer<typeof toppingGroupCreateRequestSchema>;

/** `PUT /stores/:id/topping-groups/:groupId`: name and limits (items have their own page). */
export const toppingGroupUpdateRequestSchema = z.object({ ...toppingGroupFields, version: versionSchema });
export type ToppingGroupUpdateRequest = z.infer<typeof toppingGroupUpdateRequestSchema>;

/**
 * `GET /stores/:id/topping-groups/usage`: for each group (not archived), the products (not archived) that
 * offer it, by German name. Groups with the same name ("Extra Beläge" for pizza and for pasta) are told
 * apart in pickers by what uses them.
 */
export const adminGroupUsageSchema = z.object({
  group_id: z.int(),
  products: z.array(z.object({ id: z.int(), name: localizedTextSchema })),
});
export type AdminGroupUsage = z.infer<typeof adminGroupUsageSchema>;
export const adminGroupUsageListSchema = z.array(adminGroupUsageSchema);

/** True when a group's limits cannot be met: more to choose at least than at most. */
export function minSelectAboveMax(group: { min_select: number; max_select: number }): boolean {
  return group.min_select > group.max_select;
}

/**
 * `PUT /stores/:id/topping-groups/:groupId/items`: every topping the group offers, at its price in the
 * group, in the order the shop shows them (the array's). Each topping at most once, of this store, not
 * archived. Replaces what the group offered; raises the group's version; 409 `topping_offered_twice`
 * when a product would get a topping from two of its groups.
 */
export const groupItemsRequestSchema = z.object({
  items: z.array(z.object({ topping_id: idSchema, price: moneyInput() })).check(z.maxLength(MAX_GROUP_ITEMS)),
  version: versionSchema,
});
export type GroupItemsRequest = z.infer<typeof groupItemsRequestSchema>;

// ---------------------------------------------------------------------------------------------------
// Allergens and additives (shared by every store)

/** An allergen (the 14 EU ones, lettered `a`–`n`) or an additive (numbered), as the back office edits it. */
export const adminDeclarationSchema = z.object({
  id: z.int(),
  code: z.string(),
  name: localizedTextSchema,
  version: z.int(),
});
export type AdminDeclaration = z.infer<typeof adminDeclarationSchema>;

/** `GET /allergens`: the allergens in menu order, and the additives not archived, in menu order. */
export const adminDeclarationListsSchema = z.object({
  allergens: z.array(adminDeclarationSchema),
  additives: z.array(adminDeclarationSchema),
});
export type AdminDeclarationLists = z.infer<typeof adminDeclarationListsSchema>;

/**
 * `PUT /allergens/:allergenId` and `PUT /additives/:additiveId`: the name only (the 14 EU allergens are
 * fixed by law; an additive's number is what menus print, so it stays).
 */
export const declarationNameRequestSchema = z.object({
  name: localizedNameInput(120),
  version: versionSchema,
});
export type DeclarationNameRequest = z.infer<typeof declarationNameRequestSchema>;

/**
 * `POST /additives` (201): a new additive at the end of the list. The code is 1–3 digits without a
 * leading zero and not used by any additive, archived ones included (409 `additive_code_taken`).
 */
export const additiveCreateRequestSchema = z.object({
  code: inputString().check(z.trim(), z.regex(/^[1-9][0-9]{0,2}$/)),
  name: localizedNameInput(120),
});
export type AdditiveCreateRequest = z.infer<typeof additiveCreateRequestSchema>;

// ---------------------------------------------------------------------------------------------------
// VAT rates (shared by every store)

/** A VAT rate as the back office lists it; `product_count` is how many (not archived) products use it. */
export const adminTaxRateSchema = z.object({
  id: z.int(),
  name: z.string(),
  percentage: z.number(),
  product_count: z.int(),
  version: z.int(),
});
export type AdminTaxRate = z.infer<typeof adminTaxRateSchema>;

/** `GET /tax-rates`: the rates not archived. */
export const adminTaxRateListSchema = z.array(adminTaxRateSchema);

/**
 * `POST /tax-rates` (201). The name is unique among the rates not archived (409 `tax_rate_name_taken`).
 */
export const taxRateCreateRequestSchema = z.object({
  name: inputString().check(z.trim(), z.minLength(1), z.maxLength(80)),
  percentage: percentageInput,
});
export type TaxRateCreateRequest = z.infer<typeof taxRateCreateRequestSchema>;

/**
 * `PUT /tax-rates/:taxRateId`: applies to orders placed from now on; an order keeps the VAT it was
 * placed with.
 */
export const taxRateUpdateRequestSchema = z.object({ ...taxRateCreateRequestSchema.shape, version: versionSchema });
export type TaxRateUpdateRequest = z.infer<typeof taxRateUpdateRequestSchema>;
