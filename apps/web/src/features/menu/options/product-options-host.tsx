import { Suspense, useEffect } from 'react';
import { preloadable } from '../../../lib/preloadable.tsx';
import { prefetchWhenIdle } from '../../../lib/when-idle.ts';
import { takeLineEdit, useCart, useCartDialog } from '../../cart/index.ts';
import { useBackCloses } from '../../../lib/back-closes.ts';
import { closeProductOptions, openProductOptions, useProductOptions } from './options-store.ts';

const { Component: ProductOptionsDialog, preload: loadDialog } = preloadable(
  () => import('./product-options-dialog.tsx'),
);

/**
 * Mounts the product dialog (a lazy chunk) once it is needed, or closed once the browser is idle and
 * has fetched its code. Also takes the cart's "edit this line" requests.
 */
export function ProductOptionsHost() {
  const requested = useProductOptions((state) => state.requested);
  const editRequest = useCartDialog((state) => state.editRequest);
  useBackCloses(
    useProductOptions((state) => state.open),
    closeProductOptions,
  );

  // Fetched and mounted (closed) while the browser is idle, so a tap only opens it.
  useEffect(
    () =>
      prefetchWhenIdle(() =>
        loadDialog().then(() => {
          if (!useProductOptions.getState().requested) useProductOptions.setState({ requested: true });
        }),
      ),
    [],
  );

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
