import type { Translated } from '../../i18n/define.ts';
import type { deliveryDe } from './locales.ts';

export const deliveryEn: Translated<typeof deliveryDe> = {
  chip_choose: 'Choose postcode',
  chip_choose_short: 'Postcode',
  chip_chosen_before: 'Delivery to',
  chip_chosen_after: 'change postcode',
};
