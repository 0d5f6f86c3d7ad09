export {
  useDelivery,
  restoreDeliveryChoice,
  selectDeliveryFeeCents,
  selectMinimumOrderCents,
  type DeliveryState,
  type OrderType,
} from './delivery-store.ts';
export { openPostcodePicker, closePostcodePicker } from './picker-store.ts';
export { PostcodeChip } from './components/postcode-chip.tsx';
export { PostcodePickerHost } from './components/postcode-picker-host.tsx';
export { usePostcodes, postcodesQueryOptions } from './api/get-postcodes.ts';
