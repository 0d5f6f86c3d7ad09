import { describe, expect, it } from 'vitest';
import { negotiateLanguage } from './language.ts';

describe('negotiateLanguage', () => {
  it.each([
    [undefined, 'de'],
    ['', 'de'],
    ['en', 'en'],
    ['en-GB', 'en'],
    ['en-US;q=0.9', 'en'],
    ['EN-us', 'en'],
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['fr-FR', 'de'],
    ['fr, en;q=0.5', 'en'],
    ['de;q=0.5, en;q=0.9', 'en'],
    ['en;q=0', 'de'],
    ['en;q=abc', 'de'],
    ['*', 'de'],
    ['de;q=0.5, en;q=0.5', 'de'],
    [';;,,=', 'de'],
  ] as const)('%j → %s', (header, language) => {
    expect(negotiateLanguage(header)).toBe(language);
  });
});
