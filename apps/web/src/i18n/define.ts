/**
 * Translations are plain objects, German first. `Translated<typeof de>` makes the English object carry
 * exactly the same keys, so a missing key fails the type-check (and `i18n.test.ts` at run time).
 */
export type Translated<T> = { [K in keyof T]: T[K] extends string ? string : Translated<T[K]> };

export function defineTranslations<const De extends Record<string, unknown>>(de: De, en: Translated<De>) {
  return { de, en };
}
