import { lazy, Suspense, useEffect } from 'react';
import { prefetchWhenIdle } from '../../../lib/when-idle.ts';
import { takeLineEdit, useCart, useCartDialog } from '../../cart/index.ts';
import { openProductOptions, useProductOptions } from './options-store.ts';

const loadDialog = () => import('./product-options-dialog.tsx');
const ProductOptionsDialog = lazy(loadDialog);

/**
 * Mounts the product dialog (a lazy chunk) once it is needed and fetches its code ahead while the
 * browser is idle. Also takes the cart's "edit this line" requests.
 */
export function ProductOptionsHost() {
  const requested = useProductOptions((state) => state.requested);
  const editRequest = useCartDialog((state) => state.editRequest);

  useEffect(() => prefetchWhenIdle(loadDialog), []);

  useEffect(() => {
    if (editRequest === null) return;
    const key = takeLineEdit();
    const line = useCart.getState().items.find((item) => item.uniqueKey === key);
    if (key !== null && line) openProductOptions(line.id, key);
  }, [editRequest]);

  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ProductOptionsDialog />
    </Suspense>
  );
}
