import type { Additive, Allergen, Product } from './api/catalogue.ts';
import { normaliseExtras, type ExtraChoice } from './cart.ts';

/** What a customer must be told about a dish as configured, before ordering (LMIV / LMIDV). */
export interface AllergenDeclaration {
  allergens: Allergen[]; // codes a–n, alphabetical
  additives: Additive[]; // numbered codes, numerical
}

// Numeric collation puts additive `2` before `10`; for the letter codes of allergens it is plain a–z.
const codeOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function mergeByCode<T extends { code: string }>(lists: readonly (readonly T[])[]): T[] {
  const byCode = new Map<string, T>();
  for (const list of lists) {
    for (const entry of list) {
      const key = entry.code.trim().toLowerCase();
      if (!byCode.has(key)) byCode.set(key, entry);
    }
  }
  return [...byCode.values()].sort((a, b) => codeOrder.compare(a.code.trim(), b.code.trim()));
}

/**
 * The allergens and additives of a product together with those of the chosen toppings, each code once.
 * German law requires them to be shown before the order is placed, and a topping can add some (cheese
 * adds milk), so they depend on the choice, not only on the product.
 * Extras at quantity 0 are not chosen. Ids that are not toppings of the product are skipped here:
 * `checkToppingChoice` reports them, and such a choice can never become a cart line.
 */
export function allergensForChoice(product: Product, extras: ExtraChoice[]): AllergenDeclaration {
  const chosenIds = new Set(normaliseExtras(extras).map((extra) => extra.id));
  const toppings = product.enriched_topping_groups
    .flatMap((group) => group.toppings)
    .filter((topping) => chosenIds.has(topping.id));
  return {
    allergens: mergeByCode([product.allergens, ...toppings.map((topping) => topping.allergens)]),
    additives: mergeByCode([product.additives, ...toppings.map((topping) => topping.additives)]),
  };
}

/**
 * The declaration of a half-and-half pizza: both halves' dishes and their chosen toppings, each code once
 * (the customer eats both halves, so each half's allergens count for the whole pizza).
 */
export function allergensForHalves(
  first: { product: Product; extras: ExtraChoice[] },
  second: { product: Product; extras: ExtraChoice[] },
): AllergenDeclaration {
  const a = allergensForChoice(first.product, first.extras);
  const b = allergensForChoice(second.product, second.extras);
  return { allergens: mergeByCode([a.allergens, b.allergens]), additives: mergeByCode([a.additives, b.additives]) };
}
