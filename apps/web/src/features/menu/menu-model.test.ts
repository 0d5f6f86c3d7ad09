import { describe, expect, it } from 'vitest';
import { buildMenu, defaultVariantId, displayPrice, filterMenu, menuDeclarations } from './menu-model.ts';
import { categories, cola, margherita, products, salad, tonno } from './test-catalogue.ts';

const sections = buildMenu(categories, products);
const names = (filtered: ReturnType<typeof filterMenu>) =>
  filtered.map((section) => [section.category.name, section.products.map((product) => product.name)]);

describe('menu model', () => {
  it('orders categories and dishes by position and leaves out empty categories', () => {
    expect(
      names(buildMenu([...categories, { id: 99, name: 'Leer', description: '', position: 9, store_id: 13 }], products)),
    ).toEqual([
      ['Pizza', ['Pizza Margherita', 'Pizza Tonno']],
      ['Salate', ['Insalata Mista']],
      ['Getränke', ['Cola 0,33 l']],
    ]);
  });

  it('searches name and description ignoring case and hides categories without hits', () => {
    expect(names(filterMenu(sections, { query: '  COLA ', excludedAllergens: [] }))).toEqual([
      ['Getränke', ['Cola 0,33 l']],
    ]);
    expect(names(filterMenu(sections, { query: 'thunfisch', excludedAllergens: [] }))).toEqual([
      ['Pizza', ['Pizza Tonno']],
    ]);
    expect(filterMenu(sections, { query: 'sushi', excludedAllergens: [] })).toEqual([]);
  });

  it('hides dishes containing an excluded allergen', () => {
    expect(names(filterMenu(sections, { query: '', excludedAllergens: ['d'] }))).toEqual([
      ['Pizza', ['Pizza Margherita']],
      ['Salate', ['Insalata Mista']],
      ['Getränke', ['Cola 0,33 l']],
    ]);
    expect(names(filterMenu(sections, { query: '', excludedAllergens: ['a'] }))).toEqual([
      ['Getränke', ['Cola 0,33 l']],
    ]);
  });

  it('shows the cheapest size of a variable dish as its "from" price', () => {
    expect(displayPrice(margherita)).toEqual({ cents: 850, from: true });
    expect(displayPrice({ ...margherita, variants: [...margherita.variants].reverse() })).toEqual({
      cents: 850,
      from: true,
    });
    expect(displayPrice(cola)).toEqual({ cents: 290, from: false });
    expect(defaultVariantId(margherita)).toBe(41);
    expect(defaultVariantId(salad)).toBeNull();
  });

  it('collects every allergen and additive of dishes and toppings for the legend', () => {
    const declarations = menuDeclarations([margherita, tonno, salad, cola]);
    expect(declarations.allergens.map((entry) => entry.code)).toEqual(['a', 'd', 'g']);
    expect(declarations.additives.map((entry) => entry.code)).toEqual(['2', '11']);
  });
});
