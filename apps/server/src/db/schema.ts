import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@pizzeria/domain';

// Money is integer cents (`*_cents`); names and descriptions are localized jsonb `{de, en}`, parsed
// with `localizedTextSchema` whenever they are read. Positions order lists; ties fall back to the id.

const HH_MM = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

// Every row staff edit has a `version`, raised by every write; a save sends the version it was
// read at and a stale one is refused (409 with the current row). Rows an order may reference are never
// deleted: `archived_at` set means gone from the shop and from the back office's lists.
const version = () => integer('version').notNull().default(1);
const archivedAt = () => timestamp('archived_at', { withTimezone: true });

/** Binary data (a picture's bytes); PGlite and PostgreSQL both hand it back as a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    timezone: text('timezone').notNull().default('Europe/Berlin'),
    region: text('region', { enum: ['de-DE', 'de-CH', 'en-GB'] })
      .notNull()
      .default('de-DE'),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    /** Minutes the kitchen needs for an order before it can be ready (pickup) or leave (delivery). */
    preparationMinutes: integer('preparation_minutes').notNull().default(20),
    /** How many orders the kitchen takes per 15-minute slot; full slots are not offered. */
    ordersPerSlot: integer('orders_per_slot').notNull().default(6),
    /** How many days after today customers may order for (pre-orders); 0 for today only. */
    preorderDays: integer('preorder_days').notNull().default(7),
    /** Staff paused online orders; `ordering_paused_until` null while paused means until they resume. */
    orderingPaused: boolean('ordering_paused').notNull().default(false),
    orderingPausedUntil: timestamp('ordering_paused_until', { withTimezone: true }),
    /** Who paused: `staff`, or `auto` when no orders board was connected (it resumes by itself). */
    orderingPausedBy: text('ordering_paused_by', { enum: ['staff', 'auto'] }),
    /** The last time any instance had an orders board connected for this store. */
    boardSeenAt: timestamp('board_seen_at', { withTimezone: true }),
    /** The largest order total taken online (one order cannot fill the kitchen's day); staff set it. */
    maxOrderTotalCents: integer('max_order_total_cents').notNull().default(50_000),
    /** Pause online orders by themselves when no orders board has been connected this long. */
    autoPauseEnabled: boolean('auto_pause_enabled').notNull().default(true),
    autoPauseAfterMinutes: integer('auto_pause_after_minutes').notNull().default(3),
    /** A waiting order nobody answered this long is rejected with an apology. */
    autoRejectAfterMinutes: integer('auto_reject_after_minutes').notNull().default(15),
    /** The board's chime gets louder once a new order has waited this long. */
    chimeLouderAfterMinutes: integer('chime_louder_after_minutes').notNull().default(2),
    /** The kitchen ticket prints when an order is accepted. */
    printOnAccept: boolean('print_on_accept').notNull().default(false),
    /** The legal notice (Impressum) on the privacy page: who runs the restaurant, where registered. */
    legalName: text('legal_name').notNull().default(''),
    legalRepresentative: text('legal_representative').notNull().default(''),
    tradeRegister: text('trade_register').notNull().default(''),
    vatId: text('vat_id').notNull().default(''),
    /**
     * Whether a voucher adds to the delivery/pickup percentage; when not, the order gets the larger of
     * the two (domain `computeTotals`).
     */
    vouchersCombineWithDiscount: boolean('vouchers_combine_with_discount').notNull().default(false),
    /** Raised by every staff write to the store's settings, hours included. */
    version: version(),
  },
  (t) => [
    check('stores_region_check', sql`${t.region} in ('de-DE', 'de-CH', 'en-GB')`),
    check('stores_preorder_days_check', sql`${t.preorderDays} between 0 and 14`),
  ],
);

/** Weekly opening slots in the store's time zone; a close time before the open time ends the next day. */
export const storeHours = pgTable(
  'store_hours',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    dayOfWeek: integer('day_of_week').notNull(),
    openTime: text('open_time').notNull(),
    closeTime: text('close_time').notNull(),
    label: text('label'),
  },
  (t) => [
    unique('store_hours_store_day_open_unique').on(t.storeId, t.dayOfWeek, t.openTime),
    check('store_hours_day_of_week_check', sql`${t.dayOfWeek} between 0 and 6`),
    check('store_hours_open_time_check', sql`${t.openTime} ~ ${sql.raw(`'${HH_MM}'`)}`),
    check('store_hours_close_time_check', sql`${t.closeTime} ~ ${sql.raw(`'${HH_MM}'`)}`),
  ],
);

/** Days the store is closed whatever its weekly hours say (holidays, works): local dates, both ends included. */
export const storeClosures = pgTable(
  'store_closures',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_closures_store_ends_idx').on(t.storeId, t.endsOn),
    check('store_closures_range_check', sql`${t.startsOn} <= ${t.endsOn}`),
  ],
);

export const taxRates = pgTable(
  'tax_rates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    percentage: numeric('percentage', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    version: version(),
    archivedAt: archivedAt(),
  },
  (t) => [check('tax_rates_percentage_check', sql`${t.percentage} between 0 and 100`)],
);

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    /** Hidden from the shop (with its products), kept in the back office. */
    hidden: boolean('hidden').notNull().default(false),
    version: version(),
    archivedAt: archivedAt(),
  },
  (t) => [index('categories_store_position_idx').on(t.storeId, t.position)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    type: text('type', { enum: ['simple', 'variable'] })
      .notNull()
      .default('simple'),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    /** For a variable product: the price of its cheapest variant, shown as "from". */
    priceCents: integer('price_cents').notNull(),
    /** The bottle deposit (Pfand) per unit, charged on top of the price (decision 016); 0 for none. */
    depositCents: integer('deposit_cents').notNull().default(0),
    taxRateId: integer('tax_rate_id')
      .notNull()
      .references(() => taxRates.id, { onDelete: 'restrict' }),
    /** The demo menu's drawing: file name without extension under /order-online/images/products/. */
    imageSlug: text('image_slug'),
    /** A picture staff uploaded; it wins over the drawing. */
    pictureId: integer('picture_id').references(() => pictures.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    /** Hidden from the shop, kept in the back office. */
    hidden: boolean('hidden').notNull().default(false),
    /** "Sold out today": not sold until this moment (the start of the next business day). */
    soldOutUntil: timestamp('sold_out_until', { withTimezone: true }),
    /** A simple product sold in halves too (half-and-half); a variable product says it per size. */
    divisible: boolean('divisible').notNull().default(false),
    version: version(),
    archivedAt: archivedAt(),
  },
  (t) => [
    index('products_category_position_idx').on(t.categoryId, t.position),
    index('products_tax_rate_idx').on(t.taxRateId),
    check('products_type_check', sql`${t.type} in ('simple', 'variable')`),
    check('products_price_cents_check', sql`${t.priceCents} >= 0`),
    check('products_deposit_cents_check', sql`${t.depositCents} >= 0`),
  ],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    priceCents: integer('price_cents').notNull(),
    position: integer('position').notNull().default(0),
    /** This size is sold in halves too: one half of it with a half of another divisible pizza of the same size. */
    divisible: boolean('divisible').notNull().default(false),
    /** Variants are saved with their product (its version covers them); a removed size is archived. */
    archivedAt: archivedAt(),
  },
  (t) => [
    index('product_variants_product_position_idx').on(t.productId, t.position),
    check('product_variants_price_cents_check', sql`${t.priceCents} >= 0`),
  ],
);

export const toppingGroups = pgTable(
  'topping_groups',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    minSelect: integer('min_select').notNull().default(0),
    maxSelect: integer('max_select').notNull(),
    version: version(),
    archivedAt: archivedAt(),
  },
  (t) => [
    index('topping_groups_store_idx').on(t.storeId),
    check('topping_groups_select_check', sql`${t.minSelect} >= 0 and ${t.maxSelect} >= ${t.minSelect}`),
  ],
);

/**
 * A topping the kitchen has (on its own, offered by groups through `group_items`). An extra in
 * an order names the topping's id. `price_cents` is the price a group offers it at unless it says otherwise.
 */
export const toppings = pgTable(
  'toppings',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    priceCents: integer('price_cents').notNull(),
    /** Sold out until then (the next business day's start), like a product's; null when it can be had. */
    soldOutUntil: timestamp('sold_out_until', { withTimezone: true }),
    version: version(),
    archivedAt: archivedAt(),
  },
  (t) => [index('toppings_store_idx').on(t.storeId), check('toppings_price_cents_check', sql`${t.priceCents} >= 0`)],
);

/** Which toppings a group offers, at which price, in which order (docs/product/back-office.md, group items). */
export const groupItems = pgTable(
  'group_items',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => toppingGroups.id, { onDelete: 'cascade' }),
    toppingId: integer('topping_id')
      .notNull()
      .references(() => toppings.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.toppingId] }),
    index('group_items_topping_idx').on(t.toppingId),
    check('group_items_price_cents_check', sql`${t.priceCents} >= 0`),
  ],
);

/** Which topping groups a product offers, in which order (the first one decides the quick-add, docs/product/shop.md). */
export const productToppingGroups = pgTable(
  'product_topping_groups',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => toppingGroups.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.groupId] }), index('product_topping_groups_group_idx').on(t.groupId)],
);

/** The 14 EU allergen groups, lettered a–n as on German menus. */
export const allergens = pgTable('allergens', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  position: integer('position').notNull().default(0),
  version: version(),
});

/** The numbered additives German menus declare (1 mit Farbstoff, 2 mit Konservierungsstoff, ...). */
export const additives = pgTable('additives', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  position: integer('position').notNull().default(0),
  version: version(),
  archivedAt: archivedAt(),
});

export const productAllergens = pgTable(
  'product_allergens',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    allergenId: integer('allergen_id')
      .notNull()
      .references(() => allergens.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.allergenId] }),
    index('product_allergens_allergen_idx').on(t.allergenId),
  ],
);

export const productAdditives = pgTable(
  'product_additives',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    additiveId: integer('additive_id')
      .notNull()
      .references(() => additives.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.additiveId] }),
    index('product_additives_additive_idx').on(t.additiveId),
  ],
);

export const toppingAllergens = pgTable(
  'topping_allergens',
  {
    toppingId: integer('topping_id')
      .notNull()
      .references(() => toppings.id, { onDelete: 'cascade' }),
    allergenId: integer('allergen_id')
      .notNull()
      .references(() => allergens.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.toppingId, t.allergenId] }),
    index('topping_allergens_allergen_idx').on(t.allergenId),
  ],
);

export const toppingAdditives = pgTable(
  'topping_additives',
  {
    toppingId: integer('topping_id')
      .notNull()
      .references(() => toppings.id, { onDelete: 'cascade' }),
    additiveId: integer('additive_id')
      .notNull()
      .references(() => additives.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.toppingId, t.additiveId] }),
    index('topping_additives_additive_idx').on(t.additiveId),
  ],
);

/** The delivery area: one row per postcode the store delivers to, with its fee, minimum and time. */
export const postcodes = pgTable(
  'postcodes',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    postcode: text('postcode').notNull(),
    /** The town the area lies in ("Berlin"): a delivery address is postcode and town. */
    city: text('city').notNull().default(''),
    deliveryFeeCents: integer('delivery_fee_cents').notNull().default(0),
    minimumOrderCents: integer('minimum_order_cents').notNull().default(0),
    deliveryTimeMinutes: integer('delivery_time_minutes').notNull(),
    /** Not offered in the shop for now, kept in the back office. */
    hidden: boolean('hidden').notNull().default(false),
    version: version(),
    /** Removed: gone from the shop and the lists; adding the postcode again brings the row back. */
    archivedAt: archivedAt(),
  },
  (t) => [
    unique('postcodes_store_postcode_unique').on(t.storeId, t.postcode),
    check('postcodes_postcode_check', sql`char_length(${t.postcode}) between 3 and 10`),
    check(
      'postcodes_amounts_check',
      sql`${t.deliveryFeeCents} >= 0 and ${t.minimumOrderCents} >= 0 and ${t.deliveryTimeMinutes} > 0`,
    ),
  ],
);

export const discounts = pgTable(
  'discounts',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    code: text('code', { enum: ['DELIVERY_DISCOUNT', 'PICKUP_DISCOUNT'] }).notNull(),
    type: text('type', { enum: ['percentage'] })
      .notNull()
      .default('percentage'),
    value: numeric('value', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    version: version(),
  },
  (t) => [
    unique('discounts_store_code_unique').on(t.storeId, t.code),
    check('discounts_code_check', sql`${t.code} in ('DELIVERY_DISCOUNT', 'PICKUP_DISCOUNT')`),
    check('discounts_type_check', sql`${t.type} = 'percentage'`),
    check('discounts_value_check', sql`${t.value} between 0 and 100`),
  ],
);

/**
 * A voucher code staff hand out ("Gutscheincode"): a percentage or an amount off the goods, with its
 * conditions. `uses` counts the redemptions not given back; an order takes a use by raising it in the
 * order's transaction only while it is below `max_uses`, so two orders can never take the last use both.
 * A voucher that was used is never deleted (its orders name it): it is archived.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** As staff wrote it, in capitals; customers may type it in any case. */
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percentage', 'amount'] }).notNull(),
    /** For `percentage`: the percentage off the goods. */
    percentage: numeric('percentage', { precision: 5, scale: 2, mode: 'number' }),
    /** For `amount`: the cents off the goods (never more than the goods). */
    amountCents: integer('amount_cents'),
    /** The goods' value (before discounts, without deposits) an order needs for it. */
    minimumOrderCents: integer('minimum_order_cents').notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    orderTypes: text('order_types', { enum: ['both', 'delivery', 'pickup'] })
      .notNull()
      .default('both'),
    /** Null: as often as customers like. */
    maxUses: integer('max_uses'),
    /** Per customer: by account when signed in, else by phone number and by e-mail address. Null: no limit. */
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    /** Only for a customer's first order (no earlier order by account, phone or e-mail that was not called off). */
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** The redemptions not given back (an order rejected, cancelled or expired gives its use back). */
    uses: integer('uses').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    version: version(),
    archivedAt: archivedAt(),
  },
  (t) => [
    uniqueIndex('vouchers_store_code_unique')
      .on(t.storeId, sql`upper(${t.code})`)
      .where(sql`${t.archivedAt} is null`),
    check('vouchers_kind_check', sql`${t.kind} in ('percentage', 'amount')`),
    check(
      'vouchers_value_check',
      sql`(${t.kind} = 'percentage' and ${t.percentage} > 0 and ${t.percentage} <= 100 and ${t.amountCents} is null) or (${t.kind} = 'amount' and ${t.amountCents} > 0 and ${t.percentage} is null)`,
    ),
    check('vouchers_order_types_check', sql`${t.orderTypes} in ('both', 'delivery', 'pickup')`),
    check('vouchers_minimum_check', sql`${t.minimumOrderCents} >= 0`),
    check('vouchers_max_uses_check', sql`${t.maxUses} is null or ${t.maxUses} >= 1`),
    check('vouchers_max_uses_per_customer_check', sql`${t.maxUsesPerCustomer} is null or ${t.maxUsesPerCustomer} >= 1`),
    check('vouchers_uses_check', sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
    check(
      'vouchers_validity_check',
      sql`${t.validFrom} is null or ${t.validUntil} is null or ${t.validFrom} < ${t.validUntil}`,
    ),
  ],
);

/**
 * One order's use of a voucher, with who used it (account, phone, e-mail) for the per-customer limit.
 * `released_at`: the order was rejected, cancelled or expired, and the use was given back.
 */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: serial('id').primaryKey(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** E.164, as the order has it. */
    phone: text('phone').notNull(),
    /** Lower case; null when the order gave none. */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('voucher_redemptions_order_unique').on(t.orderId),
    index('voucher_redemptions_voucher_user_idx').on(t.voucherId, t.userId),
    index('voucher_redemptions_voucher_phone_idx').on(t.voucherId, t.phone),
    index('voucher_redemptions_voucher_email_idx').on(t.voucherId, t.email),
  ],
);

/**
 * A picture staff uploaded, processed once: `original_hash` is the SHA-256 of the upload, so the
 * same file uploaded twice is one picture. Its renditions hold the bytes.
 */
export const pictures = pgTable(
  'pictures',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    originalHash: text('original_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pictures_store_hash_unique').on(t.storeId, t.originalHash)],
);

/**
 * One size of a picture as the shop shows it, re-encoded without metadata. `hash` (SHA-256 of the bytes,
 * base64url) is its immutable URL: `/api/pictures/{hash}.webp`.
 */
export const pictureRenditions = pgTable(
  'picture_renditions',
  {
    hash: text('hash').primaryKey(),
    pictureId: integer('picture_id')
      .notNull()
      .references(() => pictures.id, { onDelete: 'cascade' }),
    /** `card`: the menu's square; `wide`: the options dialog's 16:9. */
    kind: text('kind', { enum: ['card', 'wide'] }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [
    uniqueIndex('picture_renditions_picture_kind_width_unique').on(t.pictureId, t.kind, t.width),
    check('picture_renditions_kind_check', sql`${t.kind} in ('card', 'wide')`),
  ],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

// ---- Accounts -------------------------------------------------------------------------

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased and trimmed: one account per address, however it is typed. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    customerName: text('customer_name').notNull(),
    phone: text('phone'),
    role: text('role', { enum: ['customer', 'admin'] })
      .notNull()
      .default('customer'),
    /**
     * What a staff account (`role` admin) may do (docs/product/back-office.md): `owner` everything, `manager`
     * all but staff, VAT rates and payment settings, `kitchen` the board, orders and sold out. Null for customers.
     */
    staffRole: text('staff_role', { enum: ['owner', 'manager', 'kitchen'] }),
    /** When an owner deactivated this staff account: it signs in nowhere until activated again. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** When the address was confirmed by the link mailed to it; null until then (docs/product/shop.md). */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** The language mails are written in: the one the customer last used. */
    language: text('language', { enum: ['de', 'en'] })
      .notNull()
      .default('de'),
    /** Part of every token; raising it (password reset) makes all earlier tokens stop working. */
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_role_check', sql`${t.role} in ('customer', 'admin')`),
    check(
      'users_staff_role_check',
      sql`(${t.role} = 'admin' and ${t.staffRole} in ('owner', 'manager', 'kitchen')) or (${t.role} = 'customer' and ${t.staffRole} is null)`,
    ),
    check('users_language_check', sql`${t.language} in ('de', 'en')`),
  ],
);

/** Single-use password reset tokens; only a SHA-256 hash of the token is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Links that confirm an e-mail address (docs/product/shop.md): a new account's (`confirm`), or the new address
 * of an account whose owner asked to change it (`change`: `email` becomes the account's address only when
 * this link is used). Single use; only a SHA-256 hash of the token is stored.
 */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['confirm', 'change'] }).notNull(),
    /** The address the link was mailed to, lower-cased and trimmed. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_confirmations_hash_unique').on(t.tokenHash),
    index('email_confirmations_user_idx').on(t.userId),
    check('email_confirmations_purpose_check', sql`${t.purpose} in ('confirm', 'change')`),
  ],
);

/**
 * A customer's signed-in device (docs/product/shop.md, "Mein Konto"): every customer token names one, so the
 * customer can see where they are signed in and sign a device out; a password change ends all but the
 * one it was made on.
 */
export const customerSessions = pgTable(
  'customer_sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the device said it is (its user agent, shortened). */
    deviceName: text('device_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its token ends: listed until then. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('customer_sessions_user_idx').on(t.userId)],
);

/**
 * An owner's invitation of a colleague (docs/product/back-office.md): the link mailed to `email` lets them set a
 * password for 48 hours; using it makes the staff account. Only a SHA-256 hash of the token is stored.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    staffRole: text('staff_role', { enum: ['owner', 'manager', 'kitchen'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the colleague set a password with it (and so became staff). */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** When an owner withdrew it, or sent a new one in its place. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    acceptedUserId: integer('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_invitations_hash_unique').on(t.tokenHash),
    index('staff_invitations_email_idx').on(t.email),
    check('staff_invitations_role_check', sql`${t.staffRole} in ('owner', 'manager', 'kitchen')`),
  ],
);

/**
 * Failed logins per key (`account:<email>` or `address:<ip>`), shared by every server instance: a key
 * with too many failures in its window is refused until `blocked_until`.
 */
/**
 * Attempts counted per key in fixed windows (logins, password-reset mails, orders), shared by every
 * instance. Keys are hashes: no e-mail or client address is stored in clear.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_window_ends_at_idx').on(t.windowEndsAt)],
);

/** Every mail the shop writes; without `SMTP_URL` this outbox (and the log) is where it stays. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('outbox_to_created_idx').on(t.toAddress, t.createdAt)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerName: text('customer_name').notNull(),
    phone: text('phone').notNull(),
    /** Street and house number. */
    line1: text('line1').notNull(),
    /** Apartment, floor, door bell: optional. */
    line2: text('line2'),
    city: text('city').notNull(),
    zip: text('zip').notNull(),
    country: text('country').notNull().default('DE'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

// ---- Orders ---------------------------------------------------------------------------

/** A snapshot of one order line: names in both languages and prices as charged, whatever the menu does later. */
export interface OrderLineExtra {
  id: number;
  name: LocalizedText;
  priceCents: number;
  quantity: number;
}

/** One half of a half-and-half pizza as ordered: its dish, size and toppings (at full price; the half pays half). */
export interface OrderLineHalf {
  productId: number;
  variantId: number | null;
  name: LocalizedText;
  variantName: LocalizedText | null;
  /** The dish's price at that size, without toppings. */
  basePriceCents: number;
  extras: OrderLineExtra[];
}

export interface OrderVatShare {
  percentage: number;
  amountCents: number;
  /**
   * The gross at that rate, delivery fee part included (decision 022), so reports can show the net per
   * rate. Orders stored before it lack it; their VAT stays as it was charged.
   */
  grossCents?: number;
}

export interface OrderAddress {
  customerName: string;
  phone: string;
  email: string | null;
  line1: string;
  line2: string | null;
  city: string;
  zip: string;
  country: string;
}

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    /** Null for a guest order. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Random, unguessable: the guest's (and the link's) key to the order page. */
    trackingToken: text('tracking_token').notNull(),
    status: text('status', {
      enum: ['pending_payment', 'waiting', 'accepted', 'rejected', 'ready', 'completed', 'cancelled', 'expired'],
    }).notNull(),
    orderType: text('order_type', { enum: ['delivery', 'pickup'] }).notNull(),
    paymentMethod: text('payment_method', { enum: ['cash', 'paypal'] }).notNull(),
    /** Where a PayPal payment stands; null for cash. */
    paymentStatus: text('payment_status', {
      enum: ['unpaid', 'pending', 'declined', 'paid', 'refund_pending', 'refunded', 'refund_failed', 'reversed'],
    }),
    /**
     * Random per order: the stem of every `PayPal-Request-Id` sent for it, so that no two databases on one
     * PayPal account (a restored backup, a staging copy, a second restaurant) ever send the same id.
     */
    paypalKey: uuid('paypal_key').notNull().defaultRandom(),
    /** The PayPal order the customer approves; a new one only after a capture that cannot stand. */
    paypalOrderId: text('paypal_order_id'),
    /** How many PayPal orders were created for it: part of the `PayPal-Request-Id` of the next. */
    paypalOrderAttempts: integer('paypal_order_attempts').notNull().default(0),
    /**
     * The number of this order's capture attempt, part of its `PayPal-Request-Id`: raised by every capture
     * PayPal refused (declined, or not approved yet), which PayPal would replay to the same id; kept across a
     * retry after a lost answer, so that the retry never charges twice.
     */
    captureAttempts: integer('capture_attempts').notNull().default(0),
    paypalCaptureId: text('paypal_capture_id'),
    paypalRefundId: text('paypal_refund_id'),
    /** Refunds PayPal refused: part of the `PayPal-Request-Id` of the next attempt. */
    refundAttempts: integer('refund_attempts').notNull().default(0),
    /** Why the last refund attempt failed, for staff. */
    refundFailure: text('refund_failure'),
    /** When the payment status last changed: a refund left pending by a stopped instance is retried. */
    paymentUpdatedAt: timestamp('payment_updated_at', { withTimezone: true }),
    /**
     * When the sweep next asks PayPal about the PayPal order of an order that did not end up paid by it
     * (switched to cash, expired): money captured anyway is refunded. Null once settled (decision 012).
     */
    paypalSettleAt: timestamp('paypal_settle_at', { withTimezone: true }),
    /** How often PayPal was asked about it: the backoff of the next check. */
    paypalSettleChecks: integer('paypal_settle_checks').notNull().default(0),
    /**
     * When the sweep next follows the refund up by itself: tries a `refund_failed` one again, or asks PayPal
     * about one it holds (`refund_pending` with `paypal_refund_id`); null when none is due.
     */
    refundRetryAt: timestamp('refund_retry_at', { withTimezone: true }),
    /** How often the refund was followed up (a failed try, or PayPal still holding it): the backoff of the next. */
    refundRetries: integer('refund_retries').notNull().default(0),
    /**
     * When staff marked the payment as dealt with outside the shop (in PayPal), and who: it leaves
     * "Zahlungen prüfen" until its payment changes again (`payment_updated_at` later than this).
     */
    paymentReviewedAt: timestamp('payment_reviewed_at', { withTimezone: true }),
    paymentReviewedBy: integer('payment_reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    postcode: text('postcode'),
    /** Null means as soon as possible. */
    requestedTime: timestamp('requested_time', { withTimezone: true }),
    /** When the kitchen expects it ready (pickup) or at the door (delivery), as promised at checkout. */
    promisedAt: timestamp('promised_at', { withTimezone: true }).notNull(),
    /** The 15-minute slot the order counts against for the kitchen's capacity. */
    slotStart: timestamp('slot_start', { withTimezone: true }).notNull(),
    etaMinutes: integer('eta_minutes'),
    etaAt: timestamp('eta_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    /** Why staff cancelled an accepted order. */
    cancellationReason: text('cancellation_reason'),
    note: text('note'),
    language: text('language', { enum: ['de', 'en'] }).notNull(),
    address: jsonb('address').$type<OrderAddress>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCode: text('discount_code'),
    discountPercentage: numeric('discount_percentage', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    discountCents: integer('discount_cents').notNull(),
    /** The voucher the customer entered (its code as staff wrote it) and what it took off the goods. */
    voucherCode: text('voucher_code'),
    voucherCents: integer('voucher_cents').notNull().default(0),
    deliveryFeeCents: integer('delivery_fee_cents').notNull(),
    /** The lines' bottle deposits, part of the total, not of the subtotal (decision 016). */
    depositCents: integer('deposit_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    vat: jsonb('vat').$type<OrderVatShare[]>().notNull(),
    /** `user:<id>` or `guest`: an idempotency key is unique within its scope. */
    idempotencyScope: text('idempotency_scope').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the request body: the same key with another body is a conflict. */
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Raised by a trigger on every update: of two copies of an order (an action's answer, a pushed change),
     * the higher revision is the newer one.
     */
    revision: integer('revision').notNull().default(0),
    /**
     * When it reached the kitchen (`waiting`): placing it, or for PayPal its payment, or the next opening
     * for one placed while closed; unanswered counts from here.
     */
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_idempotency_unique').on(t.idempotencyScope, t.idempotencyKey),
    uniqueIndex('orders_tracking_token_unique').on(t.trackingToken),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_store_status_created_idx').on(t.storeId, t.status, t.createdAt),
    index('orders_store_slot_idx').on(t.storeId, t.slotStart),
    uniqueIndex('orders_paypal_order_unique').on(t.paypalOrderId),
    index('orders_paypal_capture_idx').on(t.paypalCaptureId),
    index('orders_paypal_settle_idx')
      .on(t.paypalSettleAt)
      .where(sql`${t.paypalSettleAt} is not null`),
    index('orders_refund_retry_idx')
      .on(t.refundRetryAt)
      .where(sql`${t.refundRetryAt} is not null`),
    index('orders_payment_review_idx')
      .on(t.storeId, t.paymentUpdatedAt)
      .where(sql`${t.paymentStatus} in ('refund_failed', 'reversed', 'refund_pending')`),
    // Staff's order search (`features/orders/search.ts`): newest first a page at a time, the payment state filter, and
    // "contains" searches on the name, e-mail and phone digits (trigrams; migration 0017 loads pg_trgm).
    index('orders_store_created_idx').on(t.storeId, t.createdAt, t.id),
    index('orders_store_payment_status_created_idx').on(t.storeId, t.paymentStatus, t.createdAt),
    index('orders_customer_name_trgm_idx').using('gin', sql`lower((${t.address} ->> 'customerName')) gin_trgm_ops`),
    index('orders_email_trgm_idx').using('gin', sql`lower((${t.address} ->> 'email')) gin_trgm_ops`),
    index('orders_phone_digits_trgm_idx').using(
      'gin',
      sql`regexp_replace((${t.address} ->> 'phone'), '[^0-9]', '', 'g') gin_trgm_ops`,
    ),
    check(
      'orders_payment_status_check',
      sql`${t.paymentStatus} in ('unpaid', 'pending', 'declined', 'paid', 'refund_pending', 'refunded', 'refund_failed', 'reversed')`,
    ),
    check(
      'orders_status_check',
      sql`${t.status} in ('pending_payment', 'waiting', 'accepted', 'rejected', 'ready', 'completed', 'cancelled', 'expired')`,
    ),
    check('orders_order_type_check', sql`${t.orderType} in ('delivery', 'pickup')`),
    check('orders_payment_method_check', sql`${t.paymentMethod} in ('cash', 'paypal')`),
    check(
      'orders_amounts_check',
      sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.deliveryFeeCents} >= 0 and ${t.totalCents} >= 0`,
    ),
    check('orders_deposit_cents_check', sql`${t.depositCents} >= 0`),
    check('orders_voucher_cents_check', sql`${t.voucherCents} >= 0`),
  ],
);

/**
 * The active orders (`pending_payment`, `waiting`, `accepted`) per store and slot, kept by triggers on
 * `orders` (migration 0012), so that an order checks its slot's room by reading a few rows instead of
 * counting the slot's orders. A slot's count is the sum over its rows: one per lane an order went in
 * through (decision 008), so that orders committing side by side do not wait for each other's row, and
 * one (`RELEASED_LANE`) for what status changes and deletions add or take away.
 */
export const slotCounts = pgTable(
  'slot_counts',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    slotStart: timestamp('slot_start', { withTimezone: true }).notNull(),
    lane: smallint('lane').notNull(),
    /** This row's share of the slot's active orders: negative on the released lane. */
    taken: integer('taken').notNull(),
    /** This row's share of the slot's guest orders that staff have not answered yet (the guests' share). */
    guestsWaiting: integer('guests_waiting').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.slotStart, t.lane] })],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** Kept without a foreign key: the menu may change, the order must not. */
    productId: integer('product_id').notNull(),
    variantId: integer('variant_id'),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    variantName: jsonb('variant_name').$type<LocalizedText>(),
    /** The product's or variant's price, without extras. */
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    extras: jsonb('extras').$type<OrderLineExtra[]>().notNull(),
    taxPercentage: numeric('tax_percentage', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
    /** The bottle deposit per unit as charged; not in `line_total_cents`. */
    depositCents: integer('deposit_cents').notNull().default(0),
    /**
     * A half-and-half pizza: its two halves, each with its own toppings (then `extras` is empty and
     * `unit_price_cents` is the halves' price); null for a whole dish.
     */
    halves: jsonb('halves').$type<OrderLineHalf[]>(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId, t.position),
    check('order_items_quantity_check', sql`${t.quantity} between 1 and 99`),
    check('order_items_deposit_cents_check', sql`${t.depositCents} >= 0`),
  ],
);

/**
 * An order's history: every status it took, who gave it and when. `actor_user_id` is the staff
 * member or customer; null with `actor_kind` `system` for the server's own decisions (an unanswered
 * order rejected by itself).
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', {
      enum: ['pending_payment', 'waiting', 'accepted', 'rejected', 'ready', 'completed', 'cancelled', 'expired'],
    }).notNull(),
    actorKind: text('actor_kind', { enum: ['customer', 'guest', 'staff', 'system'] }).notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A rejection's or cancellation's reason, an ETA: what staff said with it. */
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.id),
    check('order_events_actor_kind_check', sql`${t.actorKind} in ('customer', 'guest', 'staff', 'system')`),
  ],
);

/** PayPal's webhook events already handled, by their id: a replayed event changes nothing. */
export const paypalWebhookEvents = pgTable('paypal_webhook_events', {
  eventId: text('event_id').primaryKey(),
  eventType: text('event_type').notNull(),
  /** The capture or refund it was about. */
  resourceId: text('resource_id').notNull(),
  orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A signed-in staff device (docs/product/back-office.md): its refresh token rotates on every use (only the hash of the
 * current one is kept here, the ones it replaced in `staff_exchanged_tokens`) and is revoked when
 * someone signs the device out.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** What the device said it is (user agent, shortened), for the "signed-in devices" list. */
    deviceName: text('device_name').notNull().default(''),
    /** The name staff gave the device at sign-in or later ("Küche Tablet"); null until named. */
    label: text('label'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_sessions_token_hash_unique').on(t.tokenHash),
    index('staff_sessions_user_idx').on(t.userId),
  ],
);

/**
 * A staff device's Web Push subscription (docs/product/back-office.md): every new order is pushed to it, so
 * a board whose tab is closed still rings. It ends with the device's session; one the push service
 * answers 404 or 410 for is deleted.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => staffSessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret, base64url, as the subscription gave them. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/**
 * Every refresh token a staff session has exchanged, by its SHA-256 hash (decision 019): presented
 * again, however far back in the device's chain, it is a copy in someone else's hands.
 */
export const staffExchangedTokens = pgTable(
  'staff_exchanged_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => staffSessions.id, { onDelete: 'cascade' }),
    /** When it was exchanged: a retry of the token just exchanged is answered again for a short while. */
    exchangedAt: timestamp('exchanged_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_exchanged_tokens_session_idx').on(t.sessionId)],
);

/**
 * docs/product/back-office.md: every staff write, and the server's own decisions about the shop (an automatic pause or
 * resume), appended in the same transaction: who, when, what, before and after.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    actorKind: text('actor_kind', { enum: ['staff', 'system'] }).notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_store_created_idx').on(t.storeId, t.createdAt),
    index('audit_log_store_entity_created_idx').on(t.storeId, t.entity, t.createdAt),
    check('audit_log_actor_kind_check', sql`${t.actorKind} in ('staff', 'system')`),
  ],
);
