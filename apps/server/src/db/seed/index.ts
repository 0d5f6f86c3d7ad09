import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import type { StoreHour } from '@pizzeria/domain';
import {
  additives,
  allergens,
  categories,
  discounts,
  groupItems,
  postcodes,
  productAdditives,
  productAllergens,
  productToppingGroups,
  productVariants,
  products,
  storeHours,
  stores,
  taxRates,
  toppingAdditives,
  toppingAllergens,
  toppingGroups,
  toppings,
  vouchers,
} from '../schema.ts';
import { ADDITIVES, ALLERGENS, type AdditiveCode, type AllergenCode } from './allergens.ts';
import { MENU, PIZZA_SIZES } from './menu.ts';
import {
  ALWAYS_OPEN_HOURS,
  DEMO_STORE,
  DISCOUNTS,
  POSTCODES,
  STORE_HOURS,
  TAX_RATES,
  VOUCHERS,
  type TaxRateKey,
} from './store.ts';
import { TOPPING_GROUPS, type ToppingGroupKey } from './toppings.ts';

/** Tables whose serial ids the seed sets explicitly, so their sequences must be moved past them. */
const SEEDED_SERIAL_TABLES = [
  'stores',
  'store_hours',
  'tax_rates',
  'allergens',
  'additives',
  'categories',
  'products',
  'product_variants',
  'topping_groups',
  'toppings',
  'postcodes',
  'discounts',
] as const;

/**
 * Seeds the demo restaurant (store 13) into an empty database in one transaction; does nothing when
 * a store exists. Ids are explicit and stable, numbered in the order of the seed files.
 */
export interface SeedOptions {
  /** `demo`: the restaurant's real week; `always`: open around the clock (journeys at any hour). */
  openingHours?: 'demo' | 'always';
}

export async function seedDemoRestaurant(db: Db, options: SeedOptions = {}): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two instances starting on one empty database: the second waits here, then finds the store.
    await tx.execute(sql`select pg_advisory_xact_lock(1313)`);
    const existing = await tx.select({ id: stores.id }).from(stores).limit(1);
    if (existing.length > 0) return false;
    await insertDemoRestaurant(tx, options.openingHours === 'always' ? ALWAYS_OPEN_HOURS : STORE_HOURS);
    for (const table of SEEDED_SERIAL_TABLES) {
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.identifier(table)}))`,
      );
    }
    return true;
  });
}

async function insertDemoRestaurant(db: Db, hours: readonly StoreHour[]): Promise<void> {
  const storeId = DEMO_STORE.id;

  const allergenIds = new Map<AllergenCode, number>(ALLERGENS.map((allergen, i) => [allergen.code, i + 1]));
  await db
    .insert(allergens)
    .values(ALLERGENS.map((allergen, i) => ({ id: i + 1, code: allergen.code, name: allergen.name, position: i + 1 })));
  const additiveIds = new Map<AdditiveCode, number>(ADDITIVES.map((additive, i) => [additive.code, i + 1]));
  await db
    .insert(additives)
    .values(ADDITIVES.map((additive, i) => ({ id: i + 1, code: additive.code, name: additive.name, position: i + 1 })));
  const allergenId = (code: AllergenCode) => lookup(allergenIds, code);
  const additiveId = (code: AdditiveCode) => lookup(additiveIds, code);

  const taxRateKeys = Object.keys(TAX_RATES) as TaxRateKey[];
  const taxRateIds = new Map(taxRateKeys.map((key, i) => [key, i + 1]));
  await db.insert(taxRates).values(taxRateKeys.map((key, i) => ({ id: i + 1, ...TAX_RATES[key] })));

  await db.insert(stores).values(DEMO_STORE);
  await db.insert(storeHours).values(
    hours.map((hour, i) => ({
      id: i + 1,
      storeId,
      dayOfWeek: hour.day_of_week,
      openTime: hour.open_time,
      closeTime: hour.close_time,
      label: hour.label,
    })),
  );

  const groupIds = new Map<ToppingGroupKey, number>();
  const toppingRows: (typeof toppings.$inferInsert)[] = [];
  const groupItemRows: (typeof groupItems.$inferInsert)[] = [];
  const toppingAllergenRows: (typeof toppingAllergens.$inferInsert)[] = [];
  const toppingAdditiveRows: (typeof toppingAdditives.$inferInsert)[] = [];
  // One topping per name: groups that offer the same one (mozzarella on pizza and on salad) share it, each
  // at its own price; the first group's price is the topping's default.
  const toppingIds = new Map<string, { id: number; declared: string }>();
  TOPPING_GROUPS.forEach((group, i) => {
    const groupId = i + 1;
    groupIds.set(group.key, groupId);
    group.toppings.forEach((topping, position) => {
      const declared = JSON.stringify([topping.allergens, topping.additives]);
      const known = toppingIds.get(topping.name.de);
      if (known && known.declared !== declared) {
        throw new Error(`${topping.name.de} is declared differently in two topping groups`);
      }
      const toppingId = known?.id ?? toppingRows.length + 1;
      if (!known) {
        toppingIds.set(topping.name.de, { id: toppingId, declared });
        toppingRows.push({ id: toppingId, storeId, name: topping.name, priceCents: topping.priceCents });
        for (const code of topping.allergens) toppingAllergenRows.push({ toppingId, allergenId: allergenId(code) });
        for (const code of topping.additives) toppingAdditiveRows.push({ toppingId, additiveId: additiveId(code) });
      }
      groupItemRows.push({ groupId, toppingId, priceCents: topping.priceCents, position });
    });
  });
  await db.insert(toppingGroups).values(
    TOPPING_GROUPS.map((group, i) => ({
      id: i + 1,
      storeId,
      name: group.name,
      minSelect: group.minSelect,
      maxSelect: group.maxSelect,
    })),
  );
  await db.insert(toppings).values(toppingRows);
  await db.insert(groupItems).values(groupItemRows);
  await db.insert(toppingAllergens).values(toppingAllergenRows);
  await db.insert(toppingAdditives).values(toppingAdditiveRows);

  const productRows: (typeof products.$inferInsert)[] = [];
  const variantRows: (typeof productVariants.$inferInsert)[] = [];
  const productGroupRows: (typeof productToppingGroups.$inferInsert)[] = [];
  const productAllergenRows: (typeof productAllergens.$inferInsert)[] = [];
  const productAdditiveRows: (typeof productAdditives.$inferInsert)[] = [];
  MENU.forEach((category, i) => {
    const categoryId = i + 1;
    category.products.forEach((product, position) => {
      const productId = productRows.length + 1;
      const sizes = typeof product.price === 'number' ? [] : product.price;
      productRows.push({
        id: productId,
        categoryId,
        type: sizes.length > 0 ? 'variable' : 'simple',
        name: product.name,
        description: product.description,
        priceCents: typeof product.price === 'number' ? product.price : Math.min(...product.price),
        depositCents: product.deposit ?? 0,
        taxRateId: lookup(taxRateIds, category.tax),
        imageSlug: product.slug,
        position,
        divisible: sizes.length === 0 && category.divisible === true,
      });
      sizes.forEach((priceCents, sizeIndex) => {
        const name = PIZZA_SIZES[sizeIndex];
        if (!name) throw new Error(`${product.slug} has more prices than there are pizza sizes`);
        variantRows.push({
          id: variantRows.length + 1,
          productId,
          name,
          priceCents,
          position: sizeIndex,
          divisible: category.divisible === true,
        });
      });
      product.toppingGroups.forEach((key, groupPosition) => {
        productGroupRows.push({ productId, groupId: lookup(groupIds, key), position: groupPosition });
      });
      for (const code of product.allergens) productAllergenRows.push({ productId, allergenId: allergenId(code) });
      for (const code of product.additives) productAdditiveRows.push({ productId, additiveId: additiveId(code) });
    });
  });
  await db.insert(categories).values(
    MENU.map((category, i) => ({
      id: i + 1,
      storeId,
      position: i,
      name: category.name,
      description: category.description,
    })),
  );
  await db.insert(products).values(productRows);
  await db.insert(productVariants).values(variantRows);
  await db.insert(productToppingGroups).values(productGroupRows);
  await db.insert(productAllergens).values(productAllergenRows);
  await db.insert(productAdditives).values(productAdditiveRows);

  await db.insert(postcodes).values(POSTCODES.map((postcode, i) => ({ id: i + 1, storeId, ...postcode })));
  await db
    .insert(discounts)
    .values(DISCOUNTS.map((discount, i) => ({ id: i + 1, storeId, type: 'percentage' as const, ...discount })));
  await db.insert(vouchers).values(VOUCHERS.map((voucher) => ({ storeId, ...voucher })));
}

function lookup<K, V>(map: ReadonlyMap<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`seed data refers to an unknown ${String(key)}`);
  return value;
}
