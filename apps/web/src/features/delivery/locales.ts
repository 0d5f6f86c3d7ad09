/** The header's postcode chip (first load). The picker's texts are in `picker-locales.ts` (lazy). */
export const deliveryDe = {
  chip_choose: 'Postleitzahl wählen',
  // The call on a phone, where the whole one would be cut (`chip_choose` stays its accessible name).
  chip_choose_short: 'PLZ wählen',
  chip_chosen_before: 'Lieferung nach',
  chip_chosen_after: 'Postleitzahl ändern',
};
