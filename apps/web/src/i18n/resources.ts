import { common } from './common.ts';

/**
 * Every namespace of the app: one `locales.ts` per feature, composed here. Add a feature's
 * translations by importing them and adding one line to `namespaces`.
 */
export const namespaces = {
  common,
} as const;

type Namespaces = typeof namespaces;
export type NamespaceName = keyof Namespaces;

function pick<L extends 'de' | 'en'>(language: L): { [N in NamespaceName]: Namespaces[N][L] } {
  return Object.fromEntries(Object.entries(namespaces).map(([name, texts]) => [name, texts[language]])) as {
    [N in NamespaceName]: Namespaces[N][L];
  };
}

export const resources = { de: pick('de'), en: pick('en') };
export type Resources = (typeof resources)['de'];
