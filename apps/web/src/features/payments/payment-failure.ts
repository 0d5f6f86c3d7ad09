import { PAYMENT_RESTART_CODES } from '@pizzeria/domain';
import { ApiRequestError } from '../../lib/api-client.ts';
import { PAYMENT_MESSAGE_CODES, type PaymentMessageCode } from './locales.ts';

/** What the buyer is told about a payment: one of our messages, or the server's own words. */
export type PaymentProblem = { code: PaymentMessageCode } | { message: string };

function isPaymentMessageCode(code: string): code is PaymentMessageCode {
  return (PAYMENT_MESSAGE_CODES as readonly string[]).includes(code);
}

/**
 * A failed payment call in terms the buyer understands. No answer or a 5xx is `payment_error`: trying
 * again is safe, the server never charges twice.
 */
export function describePaymentFailure(error: unknown): PaymentProblem {
  if (error instanceof ApiRequestError) {
    if (isPaymentMessageCode(error.code)) return { code: error.code };
    if (error.status < 500 && error.code !== 'http_error') return { message: error.message };
  }
  return { code: 'payment_error' };
}

/** A refusal after which the buyer may choose another funding source in PayPal's window (its restart flow). */
export function allowsRestart(problem: PaymentProblem): boolean {
  return 'code' in problem && (PAYMENT_RESTART_CODES as readonly string[]).includes(problem.code);
}
