import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber, localeFor } from './format.ts';

// Intl separates the amount from the sign with a no-break space.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatMoney', () => {
  it('formats cents in the language’s way', () => {
    expect(plain(formatMoney(850, 'de-DE', 'EUR'))).toBe('8,50 €');
    expect(plain(formatMoney(850, 'en-GB', 'EUR'))).toBe('€8.50');
    expect(plain(formatMoney(123456, 'de-DE', 'EUR'))).toBe('1.234,56 €');
    expect(plain(formatMoney(-150, 'de-DE', 'EUR'))).toBe('-1,50 €');
    expect(plain(formatMoney(0, localeFor('en'), 'CHF'))).toBe('CHF 0.00');
  });

  it('keeps formatted amounts apart by language and currency', () => {
    expect(plain(formatMoney(1000, 'de-DE', 'EUR'))).toBe('10,00 €');
    expect(plain(formatMoney(1000, 'en-GB', 'EUR'))).toBe('€10.00');
    expect(plain(formatMoney(1000, 'de-DE', 'USD'))).toBe('10,00 $');
    expect(plain(formatMoney(1000, 'de-DE', 'EUR'))).toBe('10,00 €');
  });

  it('still formats correctly after many different amounts', () => {
    for (let cents = 0; cents < 5_000; cents += 1) formatMoney(cents, 'de-DE', 'EUR');
    expect(plain(formatMoney(4_999, 'de-DE', 'EUR'))).toBe('49,99 €');
    expect(plain(formatMoney(1, 'en-GB', 'EUR'))).toBe('€0.01');
  });
});

describe('formatNumber', () => {
  it('writes a percentage with a decimal comma in German and a point in English', () => {
    expect(formatNumber(12.5, 'de-DE')).toBe('12,5');
    expect(formatNumber(12.5, 'en-GB')).toBe('12.5');
    expect(formatNumber(10, 'de-DE')).toBe('10');
    expect(formatNumber(7.25, localeFor('de'))).toBe('7,25');
  });
});
