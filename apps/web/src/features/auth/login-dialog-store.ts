import { create } from 'zustand';

interface LoginDialogState {
  /** The dialog is open. */
  open: boolean;
  /** It was asked for at least once, so its lazy chunk is mounted. */
  requested: boolean;
}

/** The login modal (docs/product/shop.md), opened from the cart's checkout when nobody is signed in. */
export const useLoginDialog = create<LoginDialogState>()(() => ({ open: false, requested: false }));

export function openLoginDialog(): void {
  useLoginDialog.setState({ open: true, requested: true });
}

export function closeLoginDialog(): void {
  useLoginDialog.setState({ open: false });
}
