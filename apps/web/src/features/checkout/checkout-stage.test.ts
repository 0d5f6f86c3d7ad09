import { describe, expect, it } from 'vitest';
import { checkoutStage, unpaidOrder, type CheckoutStage } from './checkout-stage.ts';

const order = { id: 5, token: 'secret' };

describe('checkoutStage', () => {
  it('places a cash order and falls back to idle when it is refused', () => {
    const placing = checkoutStage({ step: 'idle' }, { type: 'place' });
    expect(placing).toEqual({ step: 'placing', unpaid: null });
    expect(checkoutStage(placing, { type: 'place_settled' })).toEqual({ step: 'idle' });
  });

  it('keeps the order placed for PayPal unpaid through another attempt and a failed cash payment', () => {
    const unpaid = checkoutStage({ step: 'placing', unpaid: null }, { type: 'placed_unpaid', order });
    expect(unpaid).toEqual({ step: 'unpaid', order });
    const again = checkoutStage(unpaid, { type: 'place' });
    expect(unpaidOrder(again)).toEqual(order);
    expect(checkoutStage(again, { type: 'place_settled' })).toEqual(unpaid);
    const payingCash = checkoutStage(unpaid, { type: 'pay_cash', order });
    expect(payingCash).toEqual({ step: 'paying_cash', order });
    expect(checkoutStage(payingCash, { type: 'pay_cash_failed' })).toEqual(unpaid);
  });

  it('knows no unpaid order before one is placed', () => {
    const idle: CheckoutStage = { step: 'idle' };
    expect(unpaidOrder(idle)).toBeNull();
  });
});
