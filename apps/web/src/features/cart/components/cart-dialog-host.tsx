import { lazy, Suspense, useEffect, useId } from 'react';
import { create } from 'zustand';
import { useBackCloses } from '../../../lib/back-closes.ts';
import { prefetchWhenIdle } from '../../../lib/when-idle.ts';
import { closeCart, useCartDialog } from '../cart-dialog-store.ts';

const loadCartDialog = () => import('./cart-dialog.tsx');
const CartDialog = lazy(loadCartDialog);

/** Ids of the mounted hosts: only the first one renders the dialog. */
const useHosts = create<{ ids: string[] }>()(() => ({ ids: [] }));

/**
 * Mounts the cart dialog (a lazy chunk, with Base UI) once someone opens the cart; its code is
 * fetched ahead while the browser is idle so that it opens at once (docs/decisions/003).
 */
export function CartDialogHost() {
  const id = useId();
  const first = useHosts((state) => state.ids[0] === id);
  const requested = useCartDialog((state) => state.requested);
  // Here, not in the lazy dialog: its code may arrive a turn after the cart hands over to another dialog.
  const open = useCartDialog((state) => state.open);
  useBackCloses(first && open, closeCart);
  useEffect(() => {
    useHosts.setState((state) => ({ ids: [...state.ids, id] }));
    const cancel = prefetchWhenIdle(loadCartDialog);
    return () => {
      cancel();
      useHosts.setState((state) => ({ ids: state.ids.filter((other) => other !== id) }));
    };
  }, [id]);
  if (!first || !requested) return null;
  return (
    <Suspense fallback={null}>
      <CartDialog />
    </Suspense>
  );
}
