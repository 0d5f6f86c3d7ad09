import type {
  Cents,
  DiscountCode,
  LegalNotice,
  LocalizedText,
  ProductType,
  RegionCode,
  StoreHour,
} from '@pizzeria/domain';

// One store's catalogue as plain, immutable data: amounts in cents, texts in every language. The API
// renders it per language; orders price against it (docs/product/money.md: the client's prices are never trusted).

/** An allergen (letter code) or an additive (number code). */
export interface Declared {
  code: string;
  name: LocalizedText;
}

export interface CatalogueStore {
  id: number;
  name: string;
  timezone: string;
  region: RegionCode;
  address: string;
  phone: string;
  email: string;
  /** The legal notice (Impressum) staff keep in the settings: name, representative, register, VAT id. */
  legalNotice: LegalNotice;
  /** The largest order total taken online; staff set it. */
  maxOrderTotalCents: Cents;
  /** How many days after today customers may order for (pre-orders). */
  preorderDays: number;
  /** Ordered by day, then opening time. */
  hours: readonly StoreHour[];
}

export interface CatalogueCategory {
  id: number;
  storeId: number;
  position: number;
  name: LocalizedText;
  description: LocalizedText;
  /** Hidden from the shop, with its products. */
  hidden: boolean;
}

/** Where a product's picture is served: the menu card's square and the options dialog's 16:9. */
export interface CatalogueImage {
  cardUrl: string;
  wideUrl: string;
}

export interface CatalogueTopping {
  id: number;
  name: LocalizedText;
  priceCents: Cents;
  allergens: readonly Declared[];
  additives: readonly Declared[];
  /** Sold out today when the catalogue was read: every group offers it greyed, not choosable. */
  soldOut: boolean;
}

export interface CatalogueToppingGroup {
  id: number;
  name: LocalizedText;
  minSelect: number;
  maxSelect: number;
  toppings: readonly CatalogueTopping[];
}

export interface CatalogueVariant {
  id: number;
  name: LocalizedText;
  priceCents: Cents;
  /** This size is sold in halves too (half-and-half, `halves.ts`). */
  divisible: boolean;
}

export interface CatalogueProduct {
  id: number;
  categoryId: number;
  type: ProductType;
  name: LocalizedText;
  description: LocalizedText;
  priceCents: Cents;
  /** The bottle deposit (Pfand) per unit, on top of the price; 0 for none. */
  depositCents: Cents;
  taxPercentage: number;
  image: CatalogueImage | null;
  position: number;
  /** Not hidden (nor its category) and not sold out when the catalogue was read. */
  available: boolean;
  /** Sold out today when the catalogue was read, and otherwise on the menu: listed, greyed, not orderable. */
  soldOut: boolean;
  variants: readonly CatalogueVariant[];
  /** A simple product sold in halves too (half-and-half); a variable one says it per size. */
  divisible: boolean;
  /** In the order the product offers them. */
  toppingGroups: readonly CatalogueToppingGroup[];
  allergens: readonly Declared[];
  additives: readonly Declared[];
}

export interface CataloguePostcode {
  id: number;
  postcode: string;
  city: string;
  deliveryFeeCents: Cents;
  minimumOrderCents: Cents;
  deliveryTimeMinutes: number;
}

export interface CatalogueDiscount {
  code: DiscountCode;
  type: 'percentage';
  value: number;
}

export interface Catalogue {
  /** When a product's or a topping's "sold out today" ends: the catalogue must be read again then. Null: no such end. */
  validUntil: Date | null;
  store: CatalogueStore;
  /** Ordered by position; hidden ones included (marked). */
  categories: readonly CatalogueCategory[];
  /** Every product, available or not, ordered by category position, then product position. */
  products: readonly CatalogueProduct[];
  /** Ordered by postcode. */
  postcodes: readonly CataloguePostcode[];
  discounts: readonly CatalogueDiscount[];
}
