import { ORDER_ERROR_CODES, type OrderErrorCode } from '@pizzeria/domain';
import { ApiRequestError } from '../../lib/api-client.ts';

/** Codes that mean the chosen time cannot be kept: the checkout asks for a new one and reloads the slots. */
const TIME_CODES: ReadonlySet<OrderErrorCode> = new Set(['store_closed', 'invalid_time_slot', 'slot_full']);

export type OrderFailure =
  | { kind: 'code'; code: OrderErrorCode; timeProblem: boolean }
  /**
   * A dish of the cart, or one of its extras, cannot be ordered (sold out meanwhile): the server's message
   * names it, in the customer's language; the menu is read again so the cart marks its line.
   */
  | { kind: 'dish'; message: string }
  /** Another refusal: the server's own message, already in the customer's language. */
  | { kind: 'server'; message: string }
  /** No answer, or the server failed: the same attempt may be retried with the same key. */
  | { kind: 'network' };

function isOrderErrorCode(code: string): code is OrderErrorCode {
  return (ORDER_ERROR_CODES as readonly string[]).includes(code);
}

/** What went wrong with placing an order, in terms the checkout can show. */
export function describeOrderFailure(error: unknown): OrderFailure {
  if (error instanceof ApiRequestError) {
    if ((error.code === 'product_unavailable' || error.code === 'topping_sold_out') && error.message)
      return { kind: 'dish', message: error.message };
    if (isOrderErrorCode(error.code))
      return { kind: 'code', code: error.code, timeProblem: TIME_CODES.has(error.code) };
    if (error.status < 500 && error.code !== 'http_error') return { kind: 'server', message: error.message };
  }
  return { kind: 'network' };
}
