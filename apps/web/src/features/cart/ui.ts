/**
 * Parts of the cart's UI that other features' dialogs use. Kept apart from `index.ts`: the index is in
 * the first load, and what is re-exported there is bundled there; these belong in the lazy chunks.
 */
export { QuantityStepper } from './components/quantity-stepper.tsx';
export { SoldOutNotice } from './components/sold-out-notice.tsx';
export { VoucherField, VoucherTotalsLine, type VoucherContact } from './components/voucher-field.tsx';
