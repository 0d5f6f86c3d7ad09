import type { LocalizedText } from '@pizzeria/domain';

/** The 14 allergen groups of EU Regulation 1169/2011, lettered as German menus letter them. */
export const ALLERGENS = [
  { code: 'a', name: { de: 'Glutenhaltiges Getreide', en: 'Cereals containing gluten' } },
  { code: 'b', name: { de: 'Krebstiere', en: 'Crustaceans' } },
  { code: 'c', name: { de: 'Eier', en: 'Eggs' } },
  { code: 'd', name: { de: 'Fisch', en: 'Fish' } },
  { code: 'e', name: { de: 'Erdnüsse', en: 'Peanuts' } },
  { code: 'f', name: { de: 'Soja', en: 'Soybeans' } },
  { code: 'g', name: { de: 'Milch (einschließlich Laktose)', en: 'Milk (including lactose)' } },
  { code: 'h', name: { de: 'Schalenfrüchte', en: 'Tree nuts' } },
  { code: 'i', name: { de: 'Sellerie', en: 'Celery' } },
  { code: 'j', name: { de: 'Senf', en: 'Mustard' } },
  { code: 'k', name: { de: 'Sesamsamen', en: 'Sesame seeds' } },
  { code: 'l', name: { de: 'Schwefeldioxid und Sulfite', en: 'Sulphur dioxide and sulphites' } },
  { code: 'm', name: { de: 'Lupinen', en: 'Lupin' } },
  { code: 'n', name: { de: 'Weichtiere', en: 'Molluscs' } },
] as const satisfies readonly { code: string; name: LocalizedText }[];

export type AllergenCode = (typeof ALLERGENS)[number]['code'];

/** The additives German food law makes menus declare, numbered as menus number them. */
export const ADDITIVES = [
  { code: '1', name: { de: 'mit Farbstoff', en: 'with colouring' } },
  { code: '2', name: { de: 'mit Konservierungsstoff', en: 'with preservative' } },
  { code: '3', name: { de: 'mit Antioxidationsmittel', en: 'with antioxidant' } },
  { code: '4', name: { de: 'mit Geschmacksverstärker', en: 'with flavour enhancer' } },
  { code: '5', name: { de: 'geschwefelt', en: 'sulphurised' } },
  { code: '6', name: { de: 'geschwärzt', en: 'blackened' } },
  { code: '7', name: { de: 'gewachst', en: 'waxed' } },
  { code: '8', name: { de: 'mit Phosphat', en: 'with phosphate' } },
  { code: '9', name: { de: 'mit Süßungsmittel', en: 'with sweetener' } },
  { code: '10', name: { de: 'enthält eine Phenylalaninquelle', en: 'contains a source of phenylalanine' } },
  { code: '11', name: { de: 'koffeinhaltig', en: 'contains caffeine' } },
  { code: '12', name: { de: 'chininhaltig', en: 'contains quinine' } },
] as const satisfies readonly { code: string; name: LocalizedText }[];

export type AdditiveCode = (typeof ADDITIVES)[number]['code'];

/** What a dish or topping declares: allergen letters and additive numbers, either possibly empty. */
export interface Declaration {
  allergens: readonly AllergenCode[];
  additives: readonly AdditiveCode[];
}
