import { create } from 'zustand';

interface ProductOptionsState {
  open: boolean;
  /** Asked for at least once, so the dialog's lazy chunk is mounted. */
  requested: boolean;
  productId: number | null;
  /** The cart line being edited (its uniqueKey), or null when adding a new one. */
  editKey: string | null;
  /** Counts openings, so each opening starts from a fresh choice. */
  session: number;
}

export const useProductOptions = create<ProductOptionsState>()(() => ({
  open: false,
  requested: false,
  productId: null,
  editKey: null,
  session: 0,
}));

/** Opens the size and extras dialog for a product, or (with `editKey`) for a line of the cart. */
export function openProductOptions(productId: number, editKey: string | null = null): void {
  useProductOptions.setState((state) => ({
    open: true,
    requested: true,
    productId,
    editKey,
    session: state.session + 1,
  }));
}

export function closeProductOptions(): void {
  useProductOptions.setState({ open: false });
}
