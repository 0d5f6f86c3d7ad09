import { defineTranslations } from '../../i18n/define.ts';

export const cartTexts = defineTranslations(
  {
    title: 'cart',
  },
  {
    title: 'cart',
  },
);
