import { defineTranslations } from '../../../../i18n/define.ts';

/** Texts of the VAT rates page. */
export const adminTaxTexts = defineTranslations(
  {
    intro: 'Die Mehrwertsteuersätze, die Produkte tragen. Jedes Produkt hat genau einen.',
    owner_only: 'Mehrwertsteuersätze ändert nur der Inhaber.',
    new_orders_only:
      'Eine Änderung gilt nur für Bestellungen ab jetzt: Bestellungen, die schon aufgegeben sind, behalten ihren Satz.',
    rates: 'Steuersätze',
    empty: 'Noch keine Steuersätze.',
    used_by_one: 'Von {{count}} Produkt verwendet',
    used_by_other: 'Von {{count}} Produkten verwendet',
    unused: 'Von keinem Produkt verwendet',
    edit: 'Bearbeiten',
    edit_named: '{{name}} bearbeiten',
    close: 'Schließen',
    archive: 'Archivieren',
    archive_named: '{{name}} archivieren',
    archive_title: '{{name}} archivieren?',
    archive_text:
      'Der Steuersatz steht danach für Produkte nicht mehr zur Wahl. Bestehende Bestellungen ändern sich nicht.',
    archive_confirm: 'Ja, archivieren',
    archive_blocked_one: 'Archivieren erst möglich, wenn das eine Produkt einen anderen Satz hat.',
    archive_blocked_other: 'Archivieren erst möglich, wenn die {{count}} Produkte einen anderen Satz haben.',
    archive_failed: 'Das Archivieren hat nicht geklappt. Bitte erneut versuchen.',
    archived_named: '{{name}} archiviert.',
    add: 'Steuersatz hinzufügen',
    added_named: '{{name}} hinzugefügt.',
    name: 'Name',
    name_hint: 'So heißt er bei der Auswahl am Produkt, z. B. „Speisen 7 %“.',
    percentage: 'Satz',
    percentage_hint: 'In Prozent, z. B. 7 oder 19 (höchstens zwei Nachkommastellen).',
  },
  {
    intro: 'The VAT rates products carry. Every product has exactly one.',
    owner_only: 'Only the owner changes VAT rates.',
    new_orders_only: 'A change applies to orders from now on only: orders already placed keep their rate.',
    rates: 'VAT rates',
    empty: 'No VAT rates yet.',
    used_by_one: 'Used by {{count}} product',
    used_by_other: 'Used by {{count}} products',
    unused: 'Used by no product',
    edit: 'Edit',
    edit_named: 'Edit {{name}}',
    close: 'Close',
    archive: 'Archive',
    archive_named: 'Archive {{name}}',
    archive_title: 'Archive {{name}}?',
    archive_text: 'Products can no longer be given this rate. Existing orders do not change.',
    archive_confirm: 'Yes, archive',
    archive_blocked_one: 'Can be archived once the product has another rate.',
    archive_blocked_other: 'Can be archived once the {{count}} products have another rate.',
    archive_failed: 'Archiving did not work. Please try again.',
    archived_named: '{{name}} archived.',
    add: 'Add VAT rate',
    added_named: '{{name}} added.',
    name: 'Name',
    name_hint: 'What it is called when choosing a product’s rate, e.g. “Food 7 %”.',
    percentage: 'Rate',
    percentage_hint: 'In per cent, e.g. 7 or 19 (at most two decimals).',
  },
);

declare module '../../../../i18n/resources.ts' {
  interface LazyNamespaces {
    adminTax: (typeof adminTaxTexts)['de'];
  }
}
