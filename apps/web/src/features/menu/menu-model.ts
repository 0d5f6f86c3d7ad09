import { toCents, type Additive, type Allergen, type Category, type Cents, type Product } from '@pizzeria/domain';

/** A category with its dishes, both in position order. */
export interface MenuSection {
  category: Category;
  products: Product[];
}

const byPosition = <T extends { position: number; id: number }>(a: T, b: T) => a.position - b.position || a.id - b.id;

/** Categories in position order with their products; categories without any product are left out. */
export function buildMenu(categories: readonly Category[], products: readonly Product[]): MenuSection[] {
  return [...categories]
    .sort(byPosition)
    .map((category) => ({
      category,
      products: products.filter((product) => product.category_id === category.id).sort(byPosition),
    }))
    .filter((section) => section.products.length > 0);
}

export interface MenuFilter {
  query: string;
  excludedAllergens: readonly string[];
}

function normalise(text: string): string {
  return text.trim().toLocaleLowerCase();
}

/**
 * Dishes whose name or description contains the search text (ignoring case) and that contain none of
 * the excluded allergens; categories left without dishes are hidden.
 */
export function filterMenu(sections: readonly MenuSection[], filter: MenuFilter): MenuSection[] {
  const needle = normalise(filter.query);
  const excluded = new Set(filter.excludedAllergens.map(normalise));
  if (needle === '' && excluded.size === 0) return [...sections];
  return sections
    .map((section) => ({
      ...section,
      products: section.products.filter(
        (product) =>
          (needle === '' ||
            normalise(product.name).includes(needle) ||
            normalise(product.description).includes(needle)) &&
          !product.allergens.some((allergen) => excluded.has(normalise(allergen.code))),
      ),
    }))
    .filter((section) => section.products.length > 0);
}

/** The price a card shows: a simple product's price, or the cheapest size of a variable one ("ab …"). */
export function displayPrice(product: Product): { cents: Cents; from: boolean } {
  if (product.type === 'variable' && product.variants.length > 0) {
    return { cents: Math.min(...product.variants.map((variant) => toCents(variant.price))), from: true };
  }
  return { cents: toCents(product.price), from: false };
}

/** The size a new configuration starts with: the cheapest, the one the card's "ab" price refers to. */
export function defaultVariantId(product: Product): number | null {
  if (product.type !== 'variable' || product.variants.length === 0) return null;
  return product.variants.reduce((cheapest, variant) => (variant.price < cheapest.price ? variant : cheapest)).id;
}

const codeOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function uniqueByCode<T extends { code: string }>(entries: Iterable<T>): T[] {
  const byCode = new Map<string, T>();
  for (const entry of entries) {
    const key = normalise(entry.code);
    if (!byCode.has(key)) byCode.set(key, entry);
  }
  return [...byCode.values()].sort((a, b) => codeOrder.compare(a.code, b.code));
}

/** Every allergen and additive named anywhere in the menu (dishes and toppings), for the legend and filter. */
export function menuDeclarations(products: readonly Product[]): { allergens: Allergen[]; additives: Additive[] } {
  const toppings = products.flatMap((product) => product.enriched_topping_groups.flatMap((group) => group.toppings));
  return {
    allergens: uniqueByCode([...products, ...toppings].flatMap((entry) => entry.allergens)),
    additives: uniqueByCode([...products, ...toppings].flatMap((entry) => entry.additives)),
  };
}

/** Section anchor of a category (`#kategorie-3`). */
export function sectionId(category: Pick<Category, 'id'>): string {
  return `category-${category.id}`;
}
