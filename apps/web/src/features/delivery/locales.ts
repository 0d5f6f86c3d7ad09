import { defineTranslations } from '../../i18n/define.ts';

export const deliveryTexts = defineTranslations(
  {
    title: 'delivery',
  },
  {
    title: 'delivery',
  },
);
