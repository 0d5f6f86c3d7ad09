import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageSchema, type Language } from '@pizzeria/domain';
import { readStorage, writeStorage } from '../lib/storage.ts';
import { german, type NamespaceName, type Resources } from './resources.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}

export const LANGUAGE_KEY = 'app_language';

/** German by default; the choice is kept in local storage under `app_language`. */
export function initialLanguage(): Language {
  return readStorage(LANGUAGE_KEY, languageSchema) ?? 'de';
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { de: german },
  partialBundledLanguages: true,
  lng: initialLanguage(),
  fallbackLng: false,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/**
 * The page's language, and a cookie with it: the server renders the menu page in the customer's
 * language (apps/server/src/features/shop-page).
 */
function showLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.cookie = `${LANGUAGE_KEY}=${language}; path=/order-online; max-age=31536000; samesite=lax`;
}
i18n.on('languageChanged', showLanguage);
showLanguage(i18n.language);

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'de';
}

let english: Promise<void> | undefined;

/**
 * Makes sure the language's first-load texts are there: German is bundled, English is a lazy chunk
 * fetched once. The shop awaits this before its first render, so nobody sees keys instead of texts.
 */
export function loadLanguage(language: Language): Promise<void> {
  if (language === 'de') return Promise.resolve();
  english ??= import('./english.ts').then(
    ({ english: texts }) => {
      for (const [namespace, bundle] of Object.entries(texts)) i18n.addResourceBundle('en', namespace, bundle);
    },
    (error: unknown) => {
      english = undefined;
      throw error;
    },
  );
  return english;
}

export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  writeStorage(LANGUAGE_KEY, language);
  await i18n.changeLanguage(language);
}

/**
 * Adds a lazy chunk's namespace (both languages) when the chunk loads; call it at the chunk's top
 * level, before anything renders with `useTranslation(namespace)`.
 */
export function registerTranslations<N extends NamespaceName>(
  namespace: N,
  texts: { de: Resources[N]; en: Record<string, unknown> },
): void {
  for (const language of ['de', 'en'] as const) {
    if (!i18n.hasResourceBundle(language, namespace)) i18n.addResourceBundle(language, namespace, texts[language]);
  }
}

export { defineTranslations, type Translated } from './define.ts';
