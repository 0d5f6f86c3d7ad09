import { describe, expect, it } from 'vitest';
import { resources } from './resources.ts';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

describe('translations', () => {
  it('has every German key in English and the other way round', () => {
    expect(keys(resources.en).sort()).toEqual(keys(resources.de).sort());
  });

  it('has no empty text', () => {
    for (const language of ['de', 'en'] as const) {
      const empty = keys(resources[language]).filter((key) => {
        const text = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resources[language]);
        return typeof text !== 'string' || text.trim() === '';
      });
      expect(empty, language).toEqual([]);
    }
  });
});
