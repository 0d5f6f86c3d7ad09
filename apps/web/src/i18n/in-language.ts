// Apart from define.ts, which the first load's texts use: only the lazy screens' texts need this.

/**
 * One language's words of texts kept in both (the domain's order error texts), for a resource of that
 * language: `inLanguage(ORDER_ERROR_TEXTS, 'de')`.
 */
export function inLanguage<Key extends string>(
  texts: Readonly<Record<Key, Readonly<Record<'de' | 'en', string>>>>,
  language: 'de' | 'en',
): Record<Key, string> {
  const words: Partial<Record<Key, string>> = {};
  for (const key of Object.keys(texts) as Key[]) words[key] = texts[key][language];
  return words as Record<Key, string>;
}
