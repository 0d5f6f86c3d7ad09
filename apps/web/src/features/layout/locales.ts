import { defineTranslations } from '../../i18n/define.ts';

export const layoutTexts = defineTranslations(
  {
    title: 'layout',
  },
  {
    title: 'layout',
  },
);
