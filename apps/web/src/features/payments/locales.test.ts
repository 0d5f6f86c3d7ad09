import { describe, expect, it } from 'vitest';
import { ORDER_ERROR_CODES } from '@pizzeria/domain';
import { ApiRequestError } from '../../lib/api-client.ts';
import { PAYMENT_MESSAGE_CODES, paymentsTexts } from './locales.ts';
import { allowsRestart, describePaymentFailure } from './payment-failure.ts';

describe('payment messages', () => {
  it('exist in German and English for every payment outcome and every payment code of the server', () => {
    // `payment_method_unavailable` refuses placing an order; the checkout's order errors say it.
    const serverCodes = ORDER_ERROR_CODES.filter(
      (code) => code.startsWith('payment_') && code !== 'payment_method_unavailable',
    );
    expect(serverCodes.length).toBeGreaterThanOrEqual(7);
    for (const code of [...serverCodes, 'cancelled', 'pending', 'error', 'order_expired', 'order_not_payable'])
      expect(PAYMENT_MESSAGE_CODES).toContain(code);
    for (const code of PAYMENT_MESSAGE_CODES) {
      const de: string | undefined = paymentsTexts.de.messages[code];
      const en: string | undefined = paymentsTexts.en.messages[code];
      expect(de, code).toMatch(/\S/);
      expect(en, code).toMatch(/\S/);
      expect(de, code).not.toBe(en);
    }
  });

  it('are the sentences of docs/product/shop.md in English', () => {
    const { messages } = paymentsTexts.en;
    expect(messages.payment_not_completed).toBe('Payment was not completed successfully.');
    expect(messages.payment_failed).toBe('Payment failed. Please try again.');
    expect(messages.payment_error).toBe('An error occurred during payment. Please try again.');
    expect(messages.error).toBe('An error occurred during payment. Please try again.');
    expect(messages.cancelled).toBe('Payment was cancelled.');
    expect(messages.payment_not_approved).toBe('Please complete the PayPal payment first.');
    expect(messages.payment_declined).toBe('Your payment method was declined. Please try another.');
    expect(messages.payment_card_expired).toBe('Your card has expired. Please use a different payment method.');
    expect(messages.pending).toBe('Your payment is pending. Please wait for confirmation.');
    expect(messages.payment_insufficient_funds).toMatch(/not enough balance/);
  });

  it('turns a refusal into its message, lets PayPal restart only after a refused funding source', () => {
    for (const code of ['payment_declined', 'payment_insufficient_funds', 'payment_card_expired']) {
      const problem = describePaymentFailure(new ApiRequestError(422, code, 'x'));
      expect(problem).toEqual({ code });
      expect(allowsRestart(problem)).toBe(true);
    }
    expect(allowsRestart(describePaymentFailure(new ApiRequestError(422, 'payment_failed', 'x')))).toBe(false);
    expect(describePaymentFailure(new ApiRequestError(503, 'payment_error', 'x'))).toEqual({ code: 'payment_error' });
    expect(describePaymentFailure(new TypeError('Failed to fetch'))).toEqual({ code: 'payment_error' });
    expect(describePaymentFailure(new ApiRequestError(400, 'invalid_request', 'Ungültig'))).toEqual({
      message: 'Ungültig',
    });
  });
});
