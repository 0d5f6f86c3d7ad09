import { create } from 'zustand';
import { openPostcodePicker, useDelivery } from '../delivery/index.ts';

interface CartDialogState {
  /** The cart dialog is open. */
  open: boolean;
  /** It was asked for at least once, so its lazy chunk is mounted. */
  requested: boolean;
  /**
   * A cart line (uniqueKey) the customer wants to edit. The menu's product dialog takes the request,
   * so that the cart never needs the catalogue's code.
   */
  editRequest: string | null;
}

export const useCartDialog = create<CartDialogState>()(() => ({ open: false, requested: false, editRequest: null }));

let stopWaitingForPostcode: (() => void) | undefined;

export function openCart(): void {
  stopWaitingForPostcode?.();
  useCartDialog.setState({ open: true, requested: true });
}

export function closeCart(): void {
  useCartDialog.setState({ open: false });
}

/** Closes the cart and asks the product dialog to edit a line (docs/product/shop.md: editing a line). */
export function requestLineEdit(uniqueKey: string): void {
  useCartDialog.setState({ open: false, editRequest: uniqueKey });
}

/** The product dialog took the edit request. */
export function takeLineEdit(): string | null {
  const { editRequest } = useCartDialog.getState();
  if (editRequest !== null) useCartDialog.setState({ editRequest: null });
  return editRequest;
}

/**
 * Lets the customer choose a postcode from the cart: two modal dialogs cannot share the screen, so the
 * cart steps aside for the postcode picker and comes back once a postcode is chosen.
 */
export function choosePostcodeFromCart(): void {
  closeCart();
  stopWaitingForPostcode?.();
  const unsubscribe = useDelivery.subscribe((state, previous) => {
    if (state.postcode && state.postcode !== previous.postcode) openCart();
  });
  stopWaitingForPostcode = () => {
    unsubscribe();
    stopWaitingForPostcode = undefined;
  };
  openPostcodePicker();
}
