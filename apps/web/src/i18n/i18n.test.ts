import { describe, expect, it } from 'vitest';
import { postcodePickerTexts } from '../features/delivery/picker-locales.ts';
import { pagesTexts } from '../features/pages/locales.ts';
import { authTexts } from '../features/auth/locales.ts';
import { english } from './english.ts';
import { german } from './resources.ts';

/** Every namespace, the first load's and the lazy chunks' alike. */
const firstLoad = Object.fromEntries(
  Object.entries(german).map(([name, de]) => [name, { de, en: english[name as keyof typeof english] }]),
);
const all = { ...firstLoad, pages: pagesTexts, postcodePicker: postcodePickerTexts, auth: authTexts };

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
