import * as z from 'zod/mini';
import { moneyInput, pageQuerySchema, pageSchema, percentageInput, versionSchema } from './admin-common.ts';
import { discountCodeSchema, localizedTextSchema, regionCodeSchema, storeHourSchema } from './catalogue.ts';
import { idParamSchema } from './ids.ts';
import { inputString, localDateInput } from './input.ts';
import { orderLimitsSchema } from './store-admin.ts';

// The store's settings in the back office: discounts, the store's details and legal notice,
// its time zone, region and kitchen limits, the delivery areas, and the audit log of every staff change.
// Amounts are decimal euros, as everywhere in the API.

// ---------------------------------------------------------------------------------------------------
// Discounts

/** `GET /api/admin/stores/{id}/discounts`: one row per code, both codes always present. */
export const adminDiscountSchema = z.object({
  code: discountCodeSchema,
  value: z.number(),
  version: z.int(),
});
export type AdminDiscount = z.infer<typeof adminDiscountSchema>;

export const discountParamsSchema = z.object({ id: idParamSchema, code: discountCodeSchema });

/** `PUT /api/admin/stores/{id}/discounts/{code}`: a percentage 0–100 with at most two decimals. */
export const discountRequestSchema = z.object({ value: percentageInput, version: versionSchema });
export type DiscountRequest = z.infer<typeof discountRequestSchema>;

// ---------------------------------------------------------------------------------------------------
// Store settings

export const PREPARATION_MINUTES_MIN = 5;
export const PREPARATION_MINUTES_MAX = 180;
export const ORDERS_PER_SLOT_MIN = 1;
export const ORDERS_PER_SLOT_MAX = 100;
/** Pre-orders: up to two weeks after today; 0 takes orders for today only. */
export const PREORDER_DAYS_MIN = 0;
export const PREORDER_DAYS_MAX = 14;

/** An IANA time zone the runtime knows (`Europe/Berlin`, `UTC`), spelt as the runtime spells it. */
export function isTimeZone(value: string): boolean {
  try {
    if (Intl.supportedValuesOf('timeZone').includes(value)) return true;
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone === value;
  } catch {
    return false;
  }
}

function text(maxLength: number) {
  return inputString().check(z.trim(), z.maxLength(maxLength));
}

/** `PUT /api/admin/stores/{id}/settings`: everything at once, with the store's version. */
export const storeSettingsRequestSchema = z.object({
  name: inputString().check(z.trim(), z.minLength(1), z.maxLength(80)),
  address: text(200),
  phone: inputString().check(
    z.trim(),
    z.maxLength(30),
    z.regex(/^[0-9 +\-()/]*$/, { message: 'Only digits, spaces and + - ( ) /' }),
  ),
  /** An e-mail address, or empty. */
  email: inputString().check(
    z.trim(),
    z.maxLength(254),
    z.refine((value) => value === '' || z.email().safeParse(value).success, { message: 'Not an e-mail address' }),
  ),
  /** The legal notice (Impressum): who runs the restaurant and where it is registered. */
  legal_name: text(120),
  legal_representative: text(120),
  trade_register: text(120),
  vat_id: text(30),
  timezone: inputString().check(z.refine(isTimeZone, { message: 'Not a known IANA time zone' })),
  region: regionCodeSchema,
  preparation_minutes: z.int().check(z.minimum(PREPARATION_MINUTES_MIN), z.maximum(PREPARATION_MINUTES_MAX)),
  orders_per_slot: z.int().check(z.minimum(ORDERS_PER_SLOT_MIN), z.maximum(ORDERS_PER_SLOT_MAX)),
  /** How many days after today customers may order for. */
  preorder_days: z.int().check(z.minimum(PREORDER_DAYS_MIN), z.maximum(PREORDER_DAYS_MAX)),
  max_order_total: orderLimitsSchema.shape.max_order_total,
  version: versionSchema,
});
export type StoreSettingsRequest = z.infer<typeof storeSettingsRequestSchema>;

/** `GET /api/admin/stores/{id}/settings`, and what a save answers: the settings with the weekly hours. */
export const storeSettingsSchema = z.object({
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  legal_name: z.string(),
  legal_representative: z.string(),
  trade_register: z.string(),
  vat_id: z.string(),
  timezone: z.string(),
  region: regionCodeSchema,
  preparation_minutes: z.int(),
  orders_per_slot: z.int(),
  preorder_days: z.int(),
  max_order_total: z.number(),
  store_hours: z.array(storeHourSchema),
  version: z.int(),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

/** What `PUT /api/admin/stores/{id}/hours` answers: the stored week and the store's new version. */
export const storeHoursResponseSchema = z.object({
  store_hours: z.array(storeHourSchema),
  version: z.int(),
});
export type StoreHoursResponse = z.infer<typeof storeHoursResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Delivery areas

/** The minutes a delivery may take at most; more is a typo. */
export const DELIVERY_TIME_MAX = 240;

/** A postcode as the database keeps it: 3 to 10 letters, digits, spaces or hyphens, trimmed. */
export const postcodeInput = inputString().check(
  z.trim(),
  z.minLength(3),
  z.maxLength(10),
  z.regex(/^[A-Za-z0-9](?:[A-Za-z0-9 -]*[A-Za-z0-9])?$/, { message: 'Letters, digits, spaces and hyphens only' }),
);

/** The postcode's shape each region's shop uses; other regions take any `postcodeInput`. */
export const POSTCODE_PATTERNS: Partial<Record<z.infer<typeof regionCodeSchema>, RegExp>> = {
  'de-DE': /^\d{5}$/,
  'de-CH': /^\d{4}$/,
};

const deliveryAreaFields = {
  postcode: postcodeInput,
  city: inputString().check(z.trim(), z.maxLength(80)),
  delivery_fee: moneyInput(),
  minimum_order_amount: moneyInput(),
  /** Minutes a delivery takes, 1–240. */
  delivery_time: z.int().check(z.minimum(1), z.maximum(DELIVERY_TIME_MAX)),
  hidden: z.boolean(),
};

/** `POST /api/admin/stores/{id}/delivery-areas`; a removed (archived) postcode is brought back. */
export const deliveryAreaCreateSchema = z.object(deliveryAreaFields);
export type DeliveryAreaCreate = z.infer<typeof deliveryAreaCreateSchema>;

/** `PUT /api/admin/stores/{id}/delivery-areas/{areaId}`. */
export const deliveryAreaUpdateSchema = z.object({ ...deliveryAreaFields, version: versionSchema });
export type DeliveryAreaUpdate = z.infer<typeof deliveryAreaUpdateSchema>;

export const deliveryAreaParamsSchema = z.object({ id: idParamSchema, areaId: idParamSchema });

export const deliveryAreaSchema = z.object({
  id: z.int(),
  postcode: z.string(),
  city: z.string(),
  delivery_fee: z.number(),
  minimum_order_amount: z.number(),
  delivery_time: z.int(),
  hidden: z.boolean(),
  version: z.int(),
});
export type DeliveryArea = z.infer<typeof deliveryAreaSchema>;

// ---------------------------------------------------------------------------------------------------
// Audit log

/** `GET /api/admin/stores/{id}/audit`: filters (empty means none) and the page; days are the store's local days. */
export const auditQuerySchema = z.object({
  entity: z.optional(inputString().check(z.trim(), z.maxLength(50))),
  action: z.optional(inputString().check(z.trim(), z.maxLength(50))),
  actor_id: z.optional(z.union([z.literal(''), idParamSchema])),
  from: z.optional(z.union([z.literal(''), localDateInput()])),
  to: z.optional(z.union([z.literal(''), localDateInput()])),
  ...pageQuerySchema.shape,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditActorSchema = z.object({
  kind: z.enum(['staff', 'system']),
  /** The staff member's user id; null for the system or a deleted account. */
  id: z.nullable(z.int()),
  email: z.nullable(z.string()),
  /** The staff member's name; null for the system or a deleted account. Absent from servers before it. */
  name: z.optional(z.nullable(z.string())),
});

export const auditEntrySchema = z.object({
  id: z.int(),
  /** ISO-8601 instant. */
  at: z.string(),
  actor: auditActorSchema,
  entity: z.string(),
  entity_id: z.nullable(z.string()),
  action: z.string(),
  /** The row before and after the change, in the API's shape; null for a creation / nothing left. */
  before: z.unknown(),
  after: z.unknown(),
  /**
   * What the entry is about, by name as it was then (a product's name, a delivery area's postcode and
   * city), read from the entry itself so that it survives the row's removal; null when it has none
   * (the restaurant, a reordering). Absent from servers before it.
   */
  label: z.optional(z.nullable(localizedTextSchema)),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The kinds of row an entry may point to by id (a product's category, a group's products). */
export const AUDIT_REFERENCE_KINDS = ['category', 'product', 'tax_rate', 'topping', 'topping_group'] as const;
export type AuditReferenceKind = (typeof AUDIT_REFERENCE_KINDS)[number];

/** Per kind, the names of the rows the page's entries point to by id, removed ones included. */
export const auditNamesSchema = z.object({
  category: z.record(z.string(), localizedTextSchema),
  product: z.record(z.string(), localizedTextSchema),
  tax_rate: z.record(z.string(), localizedTextSchema),
  topping: z.record(z.string(), localizedTextSchema),
  topping_group: z.record(z.string(), localizedTextSchema),
});
export type AuditNames = z.infer<typeof auditNamesSchema>;

export const auditPageSchema = z.object({
  ...pageSchema(auditEntrySchema).shape,
  /** The names behind the ids the entries hold, so they read as names. Absent from servers before it. */
  names: z.optional(auditNamesSchema),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** `GET /api/admin/stores/{id}/audit/entities`: the entity names the log holds, for the filter. */
export const auditEntitiesSchema = z.array(z.string());
