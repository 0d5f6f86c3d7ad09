import { describe, expect, it } from 'vitest';
import { addressesTexts } from '../addresses/locales.ts';
import { ordersTexts } from '../orders/locales.ts';
import { pagesTexts } from '../pages/locales.ts';
import { paymentsTexts } from '../payments/locales.ts';
import { checkoutTexts } from './locales.ts';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

describe.each([
  ['checkout', checkoutTexts],
  ['addresses', addressesTexts],
  ['orders', ordersTexts],
  ['payments', paymentsTexts],
  ['pages', pagesTexts],
] as const)('%s texts', (_name, texts) => {
  it('have every key in both languages, none empty, with the same placeholders', () => {
    const german = new Map(leaves(texts.de as Tree));
    const english = new Map(leaves(texts.en as Tree));
    expect([...english.keys()].sort()).toEqual([...german.keys()].sort());
    for (const [key, de] of german) {
      const en = english.get(key) ?? '';
      expect(de.trim(), key).not.toBe('');
      expect(en.trim(), key).not.toBe('');
      expect(placeholders(en), key).toEqual(placeholders(de));
    }
  });
});

describe('the order button', () => {
  // § 312j Abs. 3 BGB: the button that makes the order binding carries these words and nothing else.
  it('says "Zahlungspflichtig bestellen", in English "Order and pay", without a total', () => {
    expect(checkoutTexts.de.place.submit).toBe('Zahlungspflichtig bestellen');
    expect(checkoutTexts.en.place.submit).toBe('Order and pay');
  });
});
