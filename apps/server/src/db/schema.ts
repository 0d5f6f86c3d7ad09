import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@pizzeria/domain';

// Money is integer cents (`*_cents`); names and descriptions are localized jsonb `{de, en}`, parsed
// with `localizedTextSchema` whenever they are read. Positions order lists; ties fall back to the id.

const HH_MM = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

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
  },
  (t) => [check('stores_region_check', sql`${t.region} in ('de-DE', 'de-CH', 'en-GB')`)],
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

export const taxRates = pgTable(
  'tax_rates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    percentage: numeric('percentage', { precision: 5, scale: 2, mode: 'number' }).notNull(),
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
    taxRateId: integer('tax_rate_id')
      .notNull()
      .references(() => taxRates.id, { onDelete: 'restrict' }),
    /** File name without extension under /order-online/images/products/. */
    imageSlug: text('image_slug').notNull(),
    position: integer('position').notNull().default(0),
    available: boolean('available').notNull().default(true),
  },
  (t) => [
    index('products_category_position_idx').on(t.categoryId, t.position),
    index('products_tax_rate_idx').on(t.taxRateId),
    check('products_type_check', sql`${t.type} in ('simple', 'variable')`),
    check('products_price_cents_check', sql`${t.priceCents} >= 0`),
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
  },
  (t) => [
    index('topping_groups_store_idx').on(t.storeId),
    check('topping_groups_select_check', sql`${t.minSelect} >= 0 and ${t.maxSelect} >= ${t.minSelect}`),
  ],
);

export const toppings = pgTable(
  'toppings',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => toppingGroups.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    priceCents: integer('price_cents').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('toppings_group_position_idx').on(t.groupId, t.position),
    check('toppings_price_cents_check', sql`${t.priceCents} >= 0`),
  ],
);

/** Which topping groups a product offers, in which order (the first one decides the quick-add, SPEC §4). */
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
});

/** The numbered additives German menus declare (1 mit Farbstoff, 2 mit Konservierungsstoff, ...). */
export const additives = pgTable('additives', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  position: integer('position').notNull().default(0),
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
    deliveryFeeCents: integer('delivery_fee_cents').notNull().default(0),
    minimumOrderCents: integer('minimum_order_cents').notNull().default(0),
    deliveryTimeMinutes: integer('delivery_time_minutes').notNull(),
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
  },
  (t) => [
    unique('discounts_store_code_unique').on(t.storeId, t.code),
    check('discounts_code_check', sql`${t.code} in ('DELIVERY_DISCOUNT', 'PICKUP_DISCOUNT')`),
    check('discounts_type_check', sql`${t.type} = 'percentage'`),
    check('discounts_value_check', sql`${t.value} between 0 and 100`),
  ],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});
