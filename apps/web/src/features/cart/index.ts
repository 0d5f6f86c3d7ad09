export {
  useCart,
  clearCart,
  restoreCart,
  isOrderPlaced,
  markOrderPlaced,
  refillCart,
  dismissReorderNotice,
  soldOutToppingNames,
  soldOutLines,
  useSoldOutLines,
  type CartState,
} from './cart-store.ts';
export { openCart, closeCart, useCartDialog, takeLineEdit } from './cart-dialog-store.ts';
export { CartButton } from './components/cart-button.tsx';
export { useCartTotals, type CartTotals } from './use-cart-totals.ts';
export { refuseVoucher } from './voucher-store.ts';
export { PlusIcon } from './components/cart-icons.tsx';
export { CartBar } from './components/cart-bar.tsx';
export { discountsQueryOptions } from './api/get-discounts.ts';
