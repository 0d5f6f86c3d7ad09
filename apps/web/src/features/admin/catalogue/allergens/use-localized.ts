import { useTranslation } from 'react-i18next';
import type { LocalizedText } from '@pizzeria/domain';

/** A name in the page's language: the English one where there is one, as the shop does. */
export function useLocalized() {
  const { i18n } = useTranslation();
  return (text: LocalizedText) => (i18n.language === 'en' && text.en ? text.en : text.de);
}
