import '../payments.css';
import '../register-texts.ts';
import { useTranslation } from 'react-i18next';
import type { PaymentProblem } from '../payment-failure.ts';

/**
 * What happened to a payment, announced where the buttons are; with an unpaid order behind it, the way
 * out: PayPal's button again, or cash.
 */
export function PaymentAlert({
  problem,
  onPayCash,
  payingCash = false,
}: {
  problem: PaymentProblem | null;
  /** Offered when the order is placed and still unpaid. */
  onPayCash?: () => void;
  payingCash?: boolean;
}) {
  const { t } = useTranslation('payments');
  return (
    <div className="payment-alert" role="alert" aria-live="assertive">
      {problem && (
        <div className="payment-alert-box">
          <p className="form-error">{'code' in problem ? t(`messages.${problem.code}`) : problem.message}</p>
          {onPayCash && (
            <>
              <p className="checkout-hint">{t('paypal.retry_hint')}</p>
              <PayCashButton onPayCash={onPayCash} busy={payingCash} />
            </>
          )}
        </div>
      )}
    </div>
  );
}

export function PayCashButton({ onPayCash, busy }: { onPayCash: () => void; busy: boolean }) {
  const { t } = useTranslation('payments');
  return (
    <button
      type="button"
      className="button button-secondary button-block"
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={onPayCash}
    >
      {busy ? t('paypal.pay_cash_busy') : t('paypal.pay_cash')}
    </button>
  );
}
