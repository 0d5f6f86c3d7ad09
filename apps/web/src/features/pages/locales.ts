import { defineTranslations } from '../../i18n/define.ts';

export const pagesTexts = defineTranslations(
  {
    title: 'pages',
  },
  {
    title: 'pages',
  },
);
