import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import type { Order, PaymentMethods } from '@pizzeria/domain';
import { capturePayPalOrder } from '../api/capture-paypal-order.ts';
import { createPayPalOrder } from '../api/create-paypal-order.ts';
import type { PayableOrder } from '../api/payable-order.ts';
import { allowsRestart, describePaymentFailure, type PaymentProblem } from '../payment-failure.ts';

/** What the PayPal payment is given: by the checkout (which places the order) or the order page. */
export interface PayPalPaymentProps {
  /** PayPal's public client id and the store's currency, from GET /payment-methods. */
  paypal: NonNullable<PaymentMethods['paypal']>;
  /**
   * Runs on the click, before PayPal's window opens: false keeps it closed (the checkout's form is
   * invalid and shows why).
   */
  validate?: () => boolean;
  /**
   * The shop's order to pay: the checkout places it here (with its Idempotency-Key), the order page
   * answers its own. Null when that failed; the caller has said why.
   */
  prepareOrder: () => Promise<PayableOrder | null>;
  /** The capture's answer: paid (200, `waiting`), or PayPal still checks it (202, `payment_status: 'pending'`). */
  onPaid: (order: Order, paid: PayableOrder) => void;
  /** What to tell the buyer (cancelled, declined, …); null when a new attempt starts. */
  onProblem: (problem: PaymentProblem | null) => void;
  disabled?: boolean;
  /**
   * The click places the order (the checkout), not only pays one placed: PayPal's button then reads
   * "Jetzt kaufen" / "Buy Now", wording that says the click costs money (§ 312j BGB), where its
   * "Zahlen mit" only names the way to pay.
   */
  placesOrder?: boolean;
}

/**
 * PayPal's JavaScript SDK and its buttons: only this module imports `@paypal/react-paypal-js`, and only
 * `paypal-payment.tsx` imports this module, lazily, so the SDK's wrapper never enters the first load.
 */
export default function PayPalButtonsWithScript(props: PayPalPaymentProps) {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en_GB' : 'de_DE';
  return (
    // The SDK takes its language when its script loads: another language loads it anew.
    <PayPalScriptProvider
      key={locale}
      options={{
        clientId: props.paypal.client_id,
        currency: props.paypal.currency,
        intent: 'capture',
        disableFunding: 'card',
        components: 'buttons',
        locale,
      }}
    >
      <Buttons {...props} />
    </PayPalScriptProvider>
  );
}

function Buttons({ validate, prepareOrder, onPaid, onProblem, disabled, placesOrder = false }: PayPalPaymentProps) {
  const { t } = useTranslation('payments');
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  const [capturing, setCapturing] = useState(false);
  const order = useRef<PayableOrder | null>(null);
  // A failure already told (ours or the caller's) must not be followed by the SDK's generic `onError`.
  const told = useRef(false);

  if (isRejected) {
    return (
      <p className="form-error" role="alert">
        {t('paypal.load_error')}
      </p>
    );
  }
  return (
    <>
      {isPending && (
        <p className="paypal-loading" role="status">
          <span className="paypal-spinner" aria-hidden="true" />
          {t('paypal.loading')}
        </p>
      )}
      <p className="sr-only" role="status">
        {capturing ? t('paypal.processing') : ''}
      </p>
      <PayPalButtons
        style={{ layout: 'vertical', shape: 'rect', label: placesOrder ? 'buynow' : 'pay' }}
        disabled={disabled || capturing}
        onClick={(_data, actions) => {
          told.current = false;
          onProblem(null);
          if (validate && !validate()) return actions.reject();
          return actions.resolve();
        }}
        createOrder={async () => {
          const payable = await prepareOrder();
          if (!payable) {
            told.current = true;
            throw new Error('The order could not be placed');
          }
          order.current = payable;
          try {
            return await createPayPalOrder(payable);
          } catch (error) {
            told.current = true;
            onProblem(describePaymentFailure(error));
            throw error;
          }
        }}
        onApprove={async (_data, actions) => {
          const payable = order.current;
          if (!payable) return;
          setCapturing(true);
          try {
            onPaid(await capturePayPalOrder(payable), payable);
          } catch (error) {
            const problem = describePaymentFailure(error);
            onProblem(problem);
            // Declined, no funds, card expired: PayPal's window opens again to choose another source.
            if (allowsRestart(problem)) return actions.restart();
          } finally {
            setCapturing(false);
          }
        }}
        onCancel={() => onProblem({ code: 'cancelled' })}
        onError={() => {
          if (told.current) {
            told.current = false;
            return;
          }
          onProblem({ code: 'error' });
        }}
      />
    </>
  );
}
