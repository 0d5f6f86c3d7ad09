import { describe, expect, it } from 'vitest';
import { allergensForChoice, allergensForHalves } from './allergens.ts';
import { cola, group, margherita, product, topping } from './test-fixtures.ts';

const codes = (entries: { code: string }[]) => entries.map((entry) => entry.code);

describe('allergensForChoice', () => {
  it('lists the product’s own allergens and additives, sorted', () => {
    const declaration = allergensForChoice(margherita, []);
    expect(declaration).toEqual({
      allergens: [
        { code: 'a', name: 'Gluten' },
        { code: 'g', name: 'Milch' },
      ],
      additives: [{ code: '1', name: 'Farbstoff' }],
    });
  });

  it('adds those of the chosen toppings, each code once', () => {
    const declaration = allergensForChoice(margherita, [
      { id: 9, quantity: 1 }, // Extra Käse: g, already on the product
      { id: 10, quantity: 2 }, // Sardellen: d, additive 10
      { id: 5, quantity: 1 }, // Salami: additive 2
    ]);
    expect(codes(declaration.allergens)).toEqual(['a', 'd', 'g']);
    expect(codes(declaration.additives)).toEqual(['1', '2', '10']); // numerically, not '1', '10', '2'
  });

  it('ignores toppings at quantity 0 and ids that are not toppings of the product', () => {
    const declaration = allergensForChoice(margherita, [
      { id: 10, quantity: 0 },
      { id: 999, quantity: 1 },
    ]);
    expect(codes(declaration.allergens)).toEqual(['a', 'g']);
    expect(codes(declaration.additives)).toEqual(['1']);
  });

  it('sorts allergen letters a–n alphabetically and treats codes case-insensitively', () => {
    const dish = product({
      allergens: [
        { code: 'n', name: 'Weichtiere' },
        { code: 'b', name: 'Krebstiere' },
      ],
      enriched_topping_groups: [
        group(1, [
          topping(1, 'Sesam', 0.5, {
            allergens: [
              { code: 'k', name: 'Sesam' },
              { code: 'B', name: 'Krebstiere' },
            ],
          }),
        ]),
      ],
    });
    expect(codes(allergensForChoice(dish, [{ id: 1, quantity: 1 }]).allergens)).toEqual(['b', 'k', 'n']);
  });

  it('is empty for a product without any', () => {
    expect(allergensForChoice(product(), [])).toEqual({ allergens: [], additives: [] });
    expect(allergensForChoice(cola, []).allergens).toEqual([]);
  });

  it('does not mutate the product', () => {
    const before = structuredClone(margherita);
    allergensForChoice(margherita, [{ id: 10, quantity: 1 }]);
    expect(margherita).toEqual(before);
  });
});

describe('allergensForHalves', () => {
  it('is the union of both halves’ dishes and their own toppings, each code once, sorted', () => {
    const funghi = product({
      allergens: [
        { code: 'a', name: 'Gluten' },
        { code: 'i', name: 'Sellerie' },
      ],
      enriched_topping_groups: [group(1, [topping(1, 'Sesam', 0.5, { allergens: [{ code: 'k', name: 'Sesam' }] })])],
    });
    const declaration = allergensForHalves(
      { product: margherita, extras: [{ id: 5, quantity: 1 }] }, // Salami: additive 2
      { product: funghi, extras: [{ id: 1, quantity: 1 }] },
    );
    expect(codes(declaration.allergens)).toEqual(['a', 'g', 'i', 'k']);
    expect(codes(declaration.additives)).toEqual(['1', '2']);
    // A topping of one half's dish chosen on the other half's does not count: only each dish's own.
    expect(
      codes(
        allergensForHalves({ product: margherita, extras: [] }, { product: funghi, extras: [{ id: 10, quantity: 1 }] })
          .allergens,
      ),
    ).toEqual(['a', 'g', 'i']);
  });
});
