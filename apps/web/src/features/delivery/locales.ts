import { defineTranslations } from '../../i18n/define.ts';

/** The header's postcode chip (first load). The picker's texts are in `picker-locales.ts` (lazy). */
export const deliveryTexts = defineTranslations(
  {
    chip_choose: 'Postleitzahl wählen',
    chip_chosen_before: 'Lieferung nach',
    chip_chosen_after: 'Postleitzahl ändern',
  },
  {
    chip_choose: 'Choose postcode',
    chip_chosen_before: 'Delivery to',
    chip_chosen_after: 'change postcode',
  },
);
