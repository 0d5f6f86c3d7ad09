import '../payments.css';
import '../register-texts.ts';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order, PaymentMethods } from '@pizzeria/domain';
import type { PayableOrder } from '../api/payable-order.ts';
import type { PaymentProblem } from '../payment-failure.ts';

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
   * "Jetzt kaufen" / "Buy Now", wording that says the click costs money (§ 312j BGB, issue 15), where its
   * "Zahlen mit" only names the way to pay.
   */
  placesOrder?: boolean;
}

const LazyPayPalButtons = lazy(() =>
  import('./paypal-buttons.tsx').catch((error: unknown) => {
    console.error('PayPal could not be loaded', error);
    return { default: PayPalUnavailable };
  }),
);

/**
 * PayPal's buttons, loaded only when they are shown. Their place is reserved, so nothing below jumps
 * when the SDK has drawn them.
 */
export function PayPalPayment(props: PayPalPaymentProps) {
  const { t } = useTranslation('payments');
  return (
    <div className="paypal-slot" role="group" aria-label={t('paypal.label')}>
      <Suspense fallback={<PayPalLoading />}>
        <LazyPayPalButtons {...props} />
      </Suspense>
    </div>
  );
}

function PayPalLoading() {
  const { t } = useTranslation('payments');
  return (
    <p className="paypal-loading" role="status">
      <span className="paypal-spinner" aria-hidden="true" />
      {t('paypal.loading')}
    </p>
  );
}

function PayPalUnavailable() {
  const { t } = useTranslation('payments');
  return (
    <p className="form-error" role="alert">
      {t('paypal.load_error')}
    </p>
  );
}
