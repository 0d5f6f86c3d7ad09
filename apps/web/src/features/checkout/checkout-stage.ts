import type { PayableOrder } from '../payments/index.ts';

/**
 * Where placing the order stands. A cash order goes idle → placing and on to its page. A PayPal order
 * is placed first and stays unpaid until PayPal approves it; from there the customer may pay cash
 * instead (paying cash), and back to unpaid when that fails.
 */
export type CheckoutStage =
  | { step: 'idle' }
  | { step: 'placing'; unpaid: PayableOrder | null }
  | { step: 'unpaid'; order: PayableOrder }
  | { step: 'paying_cash'; order: PayableOrder };

export type CheckoutEvent =
  | { type: 'place' }
  | { type: 'place_settled' }
  | { type: 'placed_unpaid'; order: PayableOrder }
  | { type: 'pay_cash'; order: PayableOrder }
  | { type: 'pay_cash_failed' };

/** The PayPal order placed here and not paid yet, whatever happens meanwhile. */
export function unpaidOrder(stage: CheckoutStage): PayableOrder | null {
  if (stage.step === 'idle') return null;
  return stage.step === 'placing' ? stage.unpaid : stage.order;
}

export function checkoutStage(stage: CheckoutStage, event: CheckoutEvent): CheckoutStage {
  const unpaid = unpaidOrder(stage);
  switch (event.type) {
    case 'place':
      return { step: 'placing', unpaid };
    case 'placed_unpaid':
      return { step: 'unpaid', order: event.order };
    case 'pay_cash':
      return { step: 'paying_cash', order: event.order };
    case 'place_settled':
    case 'pay_cash_failed':
      return unpaid ? { step: 'unpaid', order: unpaid } : { step: 'idle' };
  }
}
