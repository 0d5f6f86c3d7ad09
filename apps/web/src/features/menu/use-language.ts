import { useTranslation } from 'react-i18next';
import type { Language } from '@pizzeria/domain';

/** The UI language; components re-render when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'de';
}
