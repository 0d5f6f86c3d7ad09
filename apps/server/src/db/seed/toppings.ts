import type { Cents, LocalizedText } from '@pizzeria/domain';
import type { Declaration } from './allergens.ts';

export interface SeedTopping extends Declaration {
  name: LocalizedText;
  priceCents: Cents;
}

export interface SeedToppingGroup {
  /** How the menu refers to the group; not stored. */
  key: string;
  name: LocalizedText;
  minSelect: number;
  maxSelect: number;
  toppings: readonly SeedTopping[];
}

export const TOPPING_GROUPS = [
  {
    key: 'pizza-extras',
    name: { de: 'Extra Beläge', en: 'Extra toppings' },
    minSelect: 0,
    maxSelect: 6,
    toppings: [
      { name: { de: 'Mozzarella', en: 'Mozzarella' }, priceCents: 150, allergens: ['g'], additives: [] },
      { name: { de: 'Parmesan', en: 'Parmesan' }, priceCents: 150, allergens: ['g'], additives: [] },
      { name: { de: 'Salami', en: 'Salami' }, priceCents: 150, allergens: [], additives: ['2', '3', '8'] },
      { name: { de: 'Vorderschinken', en: 'Ham' }, priceCents: 150, allergens: [], additives: ['2', '3', '8'] },
      { name: { de: 'Thunfisch', en: 'Tuna' }, priceCents: 200, allergens: ['d'], additives: [] },
      { name: { de: 'Sardellen', en: 'Anchovies' }, priceCents: 200, allergens: ['d'], additives: [] },
      { name: { de: 'Champignons', en: 'Mushrooms' }, priceCents: 100, allergens: [], additives: [] },
      { name: { de: 'Paprika', en: 'Bell peppers' }, priceCents: 100, allergens: [], additives: [] },
      { name: { de: 'Rote Zwiebeln', en: 'Red onions' }, priceCents: 80, allergens: [], additives: [] },
      { name: { de: 'Schwarze Oliven', en: 'Black olives' }, priceCents: 100, allergens: [], additives: ['6'] },
      { name: { de: 'Peperoni', en: 'Hot peppers' }, priceCents: 100, allergens: [], additives: ['2'] },
      { name: { de: 'Rucola', en: 'Rocket' }, priceCents: 120, allergens: [], additives: [] },
    ],
  },
  {
    key: 'cheese-crust',
    name: { de: 'Käserand', en: 'Cheese crust' },
    minSelect: 0,
    maxSelect: 1,
    toppings: [
      {
        name: { de: 'Käserand mit Mozzarella', en: 'Mozzarella-stuffed crust' },
        priceCents: 250,
        allergens: ['a', 'g'],
        additives: [],
      },
      {
        name: { de: 'Käserand mit Frischkäse', en: 'Cream-cheese-stuffed crust' },
        priceCents: 280,
        allergens: ['a', 'g'],
        additives: [],
      },
    ],
  },
  {
    key: 'pasta-extras',
    name: { de: 'Extra Beläge', en: 'Extra toppings' },
    minSelect: 0,
    maxSelect: 3,
    toppings: [
      { name: { de: 'Parmesan', en: 'Parmesan' }, priceCents: 100, allergens: ['g'], additives: [] },
      { name: { de: 'Champignons', en: 'Mushrooms' }, priceCents: 100, allergens: [], additives: [] },
      { name: { de: 'Vorderschinken', en: 'Ham' }, priceCents: 150, allergens: [], additives: ['2', '3', '8'] },
      { name: { de: 'Hähnchenbrust', en: 'Chicken breast' }, priceCents: 250, allergens: [], additives: [] },
      { name: { de: 'Garnelen', en: 'Prawns' }, priceCents: 300, allergens: ['b'], additives: [] },
      { name: { de: 'Blattspinat', en: 'Leaf spinach' }, priceCents: 100, allergens: [], additives: [] },
      {
        name: { de: 'Getrocknete Tomaten', en: 'Sun-dried tomatoes' },
        priceCents: 120,
        allergens: ['l'],
        additives: ['5'],
      },
    ],
  },
  {
    key: 'salad-dressing',
    name: { de: 'Dressing', en: 'Dressing' },
    minSelect: 1,
    maxSelect: 1,
    toppings: [
      { name: { de: 'Hausdressing', en: 'House dressing' }, priceCents: 0, allergens: ['j'], additives: [] },
      { name: { de: 'Balsamico-Dressing', en: 'Balsamic dressing' }, priceCents: 0, allergens: ['l'], additives: [] },
      { name: { de: 'Joghurt-Dressing', en: 'Yoghurt dressing' }, priceCents: 0, allergens: ['g'], additives: [] },
    ],
  },
  {
    key: 'salad-extras',
    name: { de: 'Extra Beläge', en: 'Extra toppings' },
    minSelect: 0,
    maxSelect: 3,
    toppings: [
      { name: { de: 'Hähnchenbrust', en: 'Chicken breast' }, priceCents: 250, allergens: [], additives: [] },
      { name: { de: 'Thunfisch', en: 'Tuna' }, priceCents: 200, allergens: ['d'], additives: [] },
      { name: { de: 'Mozzarella', en: 'Mozzarella' }, priceCents: 150, allergens: ['g'], additives: [] },
      { name: { de: 'Schafskäse', en: 'Feta cheese' }, priceCents: 150, allergens: ['g'], additives: [] },
      { name: { de: 'Gekochtes Ei', en: 'Boiled egg' }, priceCents: 100, allergens: ['c'], additives: [] },
      { name: { de: 'Croutons', en: 'Croutons' }, priceCents: 80, allergens: ['a'], additives: [] },
    ],
  },
] as const satisfies readonly SeedToppingGroup[];

export type ToppingGroupKey = (typeof TOPPING_GROUPS)[number]['key'];
