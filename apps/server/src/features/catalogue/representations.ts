import {
  REGIONS,
  fromCents,
  type Additive,
  type Allergen,
  type Category,
  type Discount,
  type Language,
  type Postcode,
  type Product,
  type StoreDetails,
} from '@pizzeria/domain';
import type { Catalogue, CatalogueProduct, Declared } from './model.ts';

/** What the public API says about a catalogue in one language (the API's shapes, decimal amounts). */
export interface CatalogueView {
  categories: Category[];
  products: Product[];
  store: StoreDetails;
  discounts: Discount[];
  postcodes: Postcode[];
}

export type CatalogueResource = keyof CatalogueView;
export const CATALOGUE_RESOURCES: readonly CatalogueResource[] = [
  'categories',
  'products',
  'store',
  'discounts',
  'postcodes',
];

/** Renders the catalogue in one language; cents become the API's decimals here and nowhere else. */
export function renderCatalogue(catalogue: Catalogue, language: Language): CatalogueView {
  const declared = (entries: readonly Declared[]): (Allergen | Additive)[] =>
    entries.map((entry) => ({ code: entry.code, name: entry.name[language] }));
  const product = (item: CatalogueProduct): Product => ({
    id: item.id,
    name: item.name[language],
    description: item.description[language],
    price: fromCents(item.priceCents),
    deposit: fromCents(item.depositCents),
    type: item.type,
    category_id: item.categoryId,
    position: item.position,
    available: item.available,
    sold_out: item.soldOut,
    variants: item.variants.map((variant) => ({
      id: variant.id,
      name: variant.name[language],
      price: fromCents(variant.priceCents),
      divisible: variant.divisible,
    })),
    divisible: item.divisible,
    enriched_topping_groups: item.toppingGroups.map((group) => ({
      id: group.id,
      name: group.name[language],
      min_select: group.minSelect,
      max_select: group.maxSelect,
      toppings: group.toppings.map((topping) => ({
        id: topping.id,
        name: topping.name[language],
        price: fromCents(topping.priceCents),
        allergens: declared(topping.allergens),
        additives: declared(topping.additives),
        sold_out: topping.soldOut,
      })),
    })),
    tax: { percentage: item.taxPercentage },
    allergens: declared(item.allergens),
    additives: declared(item.additives),
    image_url: item.image?.cardUrl ?? null,
    image_wide_url: item.image?.wideUrl ?? null,
  });
  const { store } = catalogue;

  return {
    categories: catalogue.categories
      .filter((category) => !category.hidden)
      .map((category) => ({
        id: category.id,
        name: category.name[language],
        description: category.description[language],
        position: category.position,
        store_id: category.storeId,
      })),
    // A dish sold out today stays on the menu, greyed and marked, so its category does not vanish with it.
    products: catalogue.products.filter((item) => item.available || item.soldOut).map(product),
    store: {
      id: store.id,
      name: store.name,
      timezone: store.timezone,
      region: REGIONS[store.region],
      address: store.address,
      phone: store.phone,
      email: store.email,
      store_hours: store.hours.map((hour) => ({ ...hour })),
      preorder_days: store.preorderDays,
      legal_notice: { ...store.legalNotice },
    },
    discounts: catalogue.discounts.map((discount) => ({ ...discount })),
    postcodes: catalogue.postcodes.map((postcode) => ({
      id: postcode.id,
      postcode: postcode.postcode,
      city: postcode.city,
      delivery_fee: fromCents(postcode.deliveryFeeCents),
      minimum_order_amount: fromCents(postcode.minimumOrderCents),
      delivery_time: postcode.deliveryTimeMinutes,
      store_id: store.id,
    })),
  };
}
