/** The header's postcode chip (first load). The picker's texts are in `picker-locales.ts` (lazy). */
export const deliveryDe = {
  chip_choose: 'Postleitzahl wählen',
  chip_chosen_before: 'Lieferung nach',
  chip_chosen_after: 'Postleitzahl ändern',
};
