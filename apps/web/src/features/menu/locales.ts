import { defineTranslations } from '../../i18n/define.ts';

export const menuTexts = defineTranslations(
  {
    title: 'menu',
  },
  {
    title: 'menu',
  },
);
