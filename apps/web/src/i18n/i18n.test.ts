import { describe, expect, it } from 'vitest';
import { english } from './english.ts';
import { german } from './resources.ts';

/** Every namespace, the first load's and the lazy chunks' alike. */
const firstLoad = Object.fromEntries(
  Object.entries(german).map(([name, de]) => [name, { de, en: english[name as keyof typeof english] }]),
);
/**
 * The lazy chunks' namespaces (`defineTranslations` objects) are found by their files, so a feature's
 * new texts are checked without being listed here (and the admin area's without importing it).
 */
const lazyModules = import.meta.glob<Record<string, unknown>>(
  ['../features/**/locales.ts', '../features/**/*-locales.ts'],
  { eager: true },
);
const isTranslations = (value: unknown): value is { de: object; en: object } =>
  typeof value === 'object' && value !== null && 'de' in value && 'en' in value;
const lazy = Object.fromEntries(
  Object.values(lazyModules)
    .flatMap((module) => Object.entries(module))
    .filter((entry): entry is [string, { de: object; en: object }] => isTranslations(entry[1])),
);
const all = { ...firstLoad, ...lazy };

it('checks the lazy namespaces too', () => {
  expect(Object.keys(lazy)).toEqual(
    expect.arrayContaining(['authTexts', 'pagesTexts', 'postcodePickerTexts', 'adminTexts']),
  );
});

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

describe('translations', () => {
  it.each(Object.entries(all))('%s has every German key in English and the other way round', (_name, texts) => {
    expect(keys(texts.en).sort()).toEqual(keys(texts.de).sort());
  });

  it.each(Object.entries(all))('%s has no empty text', (_name, texts) => {
    for (const language of ['de', 'en'] as const) {
      const empty = keys(texts[language]).filter((key) => {
        const text = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts[language]);
        return typeof text !== 'string' || text.trim() === '';
      });
      expect(empty, language).toEqual([]);
    }
  });

  it.each(Object.entries(all))('%s uses the same placeholders in both languages', (_name, texts) => {
    const placeholders = (language: 'de' | 'en') =>
      keys(texts[language]).map((key) => {
        const text = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts[language]);
        return `${key}:${[...String(text).matchAll(/\{\{(\w+)\}\}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort()}`;
      });
    expect(placeholders('en').sort()).toEqual(placeholders('de').sort());
  });
});
