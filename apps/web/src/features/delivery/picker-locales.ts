import { defineTranslations } from '../../i18n/define.ts';

/** The postcode picker's texts: registered by its lazy chunk as the `postcodePicker` namespace. */
export const postcodePickerTexts = defineTranslations(
  {
    title: 'Wohin dürfen wir liefern?',
    description:
      'Wählen Sie Ihre Postleitzahl. Liefergebühr, Mindestbestellwert und Lieferzeit hängen vom Liefergebiet ab.',
    input_label: 'Postleitzahl',
    input_placeholder: 'z. B. {{example}}',
    show_all: 'Alle Liefergebiete anzeigen',
    fee_free: 'Gratis',
    fee_label: 'Liefergebühr',
    minimum_order: 'Mindestbestellwert {{amount}}',
    delivery_time: 'ca. {{minutes}} Min.',
    empty: 'Keine Postleitzahlen gefunden für „{{query}}“',
    not_served: 'Nach {{postcode}} liefern wir leider nicht. Sie können Ihre Bestellung bei uns abholen.',
    pickup_instead: 'Stattdessen abholen',
    loading: 'Liefergebiete werden geladen …',
    load_error: 'Die Liefergebiete konnten nicht geladen werden.',
    confirm: 'Standort bestätigen',
    cancel: 'Abbrechen',
  },
  {
    title: 'Where shall we deliver?',
    description: 'Choose your postcode. The delivery fee, minimum order and delivery time depend on the delivery area.',
    input_label: 'Postcode',
    input_placeholder: 'e.g. {{example}}',
    show_all: 'Show all delivery areas',
    fee_free: 'Free',
    fee_label: 'Delivery fee',
    minimum_order: 'Minimum order {{amount}}',
    delivery_time: 'approx. {{minutes}} min',
    empty: 'No postcodes found matching "{{query}}"',
    not_served: 'We do not deliver to {{postcode}}, sorry. You can collect your order from us.',
    pickup_instead: 'Collect instead',
    loading: 'Loading delivery areas …',
    load_error: 'The delivery areas could not be loaded.',
    confirm: 'Confirm Location',
    cancel: 'Cancel',
  },
);
