import { defineTranslations } from '../../i18n/define.ts';

/** The voucher field's texts (cart and checkout): registered by its lazy chunk as the `voucher` namespace. */
export const voucherTexts = defineTranslations(
  {
    open: 'Gutscheincode eingeben',
    label: 'Gutscheincode',
    redeem: 'Einlösen',
    checking: 'Wird geprüft …',
    cancel: 'Abbrechen',
    required: 'Bitte geben Sie einen Gutscheincode ein.',
    failed: 'Der Code konnte gerade nicht geprüft werden. Bitte versuchen Sie es erneut.',
    applied: 'Gutschein {{code}}',
    saves: 'Sie sparen {{amount}}.',
    remove: 'Entfernen',
    remove_label: 'Gutschein {{code}} entfernen',
    missing_minimum: 'Noch {{missing}} bis zum Mindestbestellwert von {{minimum}} für diesen Gutschein.',
    totals_line: 'Gutschein {{code}}',
  },
  {
    open: 'Enter a voucher code',
    label: 'Voucher code',
    redeem: 'Redeem',
    checking: 'Checking …',
    cancel: 'Cancel',
    required: 'Please enter a voucher code.',
    failed: 'The code could not be checked just now. Please try again.',
    applied: 'Voucher {{code}}',
    saves: 'You save {{amount}}.',
    remove: 'Remove',
    remove_label: 'Remove voucher {{code}}',
    missing_minimum: '{{missing}} more to reach the minimum order of {{minimum}} for this voucher.',
    totals_line: 'Voucher {{code}}',
  },
);

declare module '../../i18n/resources.ts' {
  interface LazyNamespaces {
    voucher: (typeof voucherTexts)['de'];
  }
}
