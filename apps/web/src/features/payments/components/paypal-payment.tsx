import '../payments.css';
import '../register-texts.ts';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayPalPaymentProps } from './paypal-buttons.tsx';

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
