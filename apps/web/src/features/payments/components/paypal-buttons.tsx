import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { capturePayPalOrder } from '../api/capture-paypal-order.ts';
import { createPayPalOrder } from '../api/create-paypal-order.ts';
import type { PayableOrder } from '../api/payable-order.ts';
import { allowsRestart, describePaymentFailure } from '../payment-failure.ts';
import type { PayPalPaymentProps } from './paypal-payment.tsx';

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
