import { useEffect, type ReactNode } from 'react';
import type { PayPalButtonsComponentProps, ReactPayPalScriptOptions } from '@paypal/react-paypal-js';
import { vi } from 'vitest';

/**
 * A stand-in for `@paypal/react-paypal-js` in tests (`vi.mock('@paypal/react-paypal-js', () =>
 * import('../payments/test-paypal.tsx'))`): it records the script options and the buttons' callbacks,
 * and the helpers below call them the way PayPal's SDK does.
 */
export const fakePayPal: { options: ReactPayPalScriptOptions | null; buttons: PayPalButtonsComponentProps | null } = {
  options: null,
  buttons: null,
};

export function PayPalScriptProvider({
  options,
  children,
}: {
  options: ReactPayPalScriptOptions;
  children: ReactNode;
}) {
  useEffect(() => {
    fakePayPal.options = options;
  });
  return <>{children}</>;
}

export function usePayPalScriptReducer() {
  const state = {
    isInitial: false,
    isPending: false,
    isRejected: false,
    isResolved: true,
    options: fakePayPal.options,
  };
  return [state, () => undefined] as const;
}

export function PayPalButtons(props: PayPalButtonsComponentProps) {
  useEffect(() => {
    fakePayPal.buttons = props;
  });
  return <div data-testid="paypal-buttons" aria-disabled={props.disabled ?? false} />;
}

function buttons(): PayPalButtonsComponentProps {
  if (!fakePayPal.buttons) throw new Error('PayPal buttons are not rendered');
  return fakePayPal.buttons;
}

/** A click on PayPal's button: `onClick`, then, unless it rejected, `createOrder` (its failure goes to `onError`). */
export async function clickPayPal(): Promise<{ opened: boolean; paypalOrderId: string | null }> {
  const props = buttons();
  let rejected = false;
  await props.onClick?.(
    {},
    {
      reject: () => {
        rejected = true;
        return Promise.resolve();
      },
      resolve: () => Promise.resolve(),
    },
  );
  if (rejected) return { opened: false, paypalOrderId: null };
  try {
    const id = await props.createOrder?.(
      { paymentSource: 'paypal' },
      { order: { create: () => Promise.reject(new Error('client-side orders are not used')) } },
    );
    return { opened: true, paypalOrderId: id ?? null };
  } catch (error) {
    props.onError?.({ message: String(error) });
    return { opened: true, paypalOrderId: null };
  }
}

/** The buyer approved in PayPal's window. */
export async function approvePayPal(orderID: string) {
  const restart = vi.fn();
  await buttons().onApprove?.({ orderID }, { restart, redirect: vi.fn() });
  return { restart };
}

/** The buyer closed PayPal's window. */
export function cancelPayPal() {
  buttons().onCancel?.({}, { redirect: vi.fn() });
}

export function resetFakePayPal() {
  fakePayPal.options = null;
  fakePayPal.buttons = null;
}
