import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakePayPal, type FakePayPal } from '../../../test/fake-paypal.ts';
import { createPayPalClient, PayPalError, type PayPalClient } from './paypal-client.ts';

// The PayPal REST client against a local server that speaks PayPal's API.

let paypal: FakePayPal;
let clock: number;
let client: PayPalClient;

beforeEach(async () => {
  paypal = await startFakePayPal();
  clock = Date.parse('2026-11-23T18:00:00Z');
  client = createPayPalClient({
    baseUrl: paypal.baseUrl,
    clientId: paypal.clientId,
    clientSecret: paypal.clientSecret,
    now: () => clock,
  });
});

afterEach(async () => {
  await paypal.close();
});

const tokenRequests = () => paypal.requests.filter((request) => request.path === '/v1/oauth2/token').length;

async function approvedOrder(amountCents = 1850) {
  const order = await client.createOrder({ amountCents, currency: 'EUR', referenceId: '42', requestId: randomUUID() });
  paypal.approve(order.id);
  return order;
}

describe('the PayPal client', () => {
  it('creates an order for the amount and currency it is given, as PayPal decimals, intent CAPTURE', async () => {
    const order = await client.createOrder({
      amountCents: 1850,
      currency: 'EUR',
      referenceId: '42',
      requestId: 'order-42',
    });
    expect(order).toEqual({ id: expect.any(String), status: 'CREATED', capture: null });
    expect(paypal.orders.get(order.id)).toMatchObject({
      referenceId: '42',
      amount: { currency_code: 'EUR', value: '18.50' },
    });
    expect(paypal.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v2/checkout/orders',
      requestId: 'order-42',
    });
  });

  it('sends the items and the breakdown as PayPal decimals, and hears PayPal refuse ones that do not add up', async () => {
    const purchase = {
      items: [
        { name: 'Pizza Salami', quantity: 2, unitAmountCents: 990, category: 'PHYSICAL_GOODS' as const },
        { name: 'Pfand: Cola', quantity: 1, unitAmountCents: 8, category: 'PHYSICAL_GOODS' as const },
      ],
      itemTotalCents: 1988,
      shippingCents: 350,
      discountCents: 99,
    };
    const order = await client.createOrder({
      amountCents: 2239,
      currency: 'EUR',
      referenceId: '9',
      requestId: randomUUID(),
      purchase,
    });
    expect(paypal.orders.get(order.id)).toMatchObject({
      amount: { currency_code: 'EUR', value: '22.39' },
      breakdown: {
        item_total: { currency_code: 'EUR', value: '19.88' },
        shipping: { currency_code: 'EUR', value: '3.50' },
        discount: { currency_code: 'EUR', value: '0.99' },
      },
      items: [
        { name: 'Pizza Salami', quantity: '2', unit_amount: { currency_code: 'EUR', value: '9.90' } },
        { name: 'Pfand: Cola', quantity: '1', unit_amount: { currency_code: 'EUR', value: '0.08' } },
      ],
    });
    const create = (amountCents: number, itemTotalCents: number) =>
      client.createOrder({
        amountCents,
        currency: 'EUR',
        referenceId: '9',
        requestId: randomUUID(),
        purchase: { ...purchase, itemTotalCents },
      });
    await expect(create(2240, 1988)).rejects.toMatchObject({ status: 422, issue: 'AMOUNT_MISMATCH' });
    await expect(create(2240, 1989)).rejects.toMatchObject({ status: 422, issue: 'ITEM_TOTAL_MISMATCH' });
  });

  it('creates one order however often the same request is retried', async () => {
    const first = await client.createOrder({ amountCents: 900, currency: 'EUR', referenceId: '7', requestId: 'same' });
    const again = await client.createOrder({ amountCents: 900, currency: 'EUR', referenceId: '7', requestId: 'same' });
    expect(again.id).toBe(first.id);
    expect(paypal.orders.size).toBe(1);
  });

  it('keeps one token for every call until shortly before it expires, then gets a new one', async () => {
    paypal.tokenLifetimeSeconds = 600;
    await Promise.all([approvedOrder(), approvedOrder(), approvedOrder()]);
    expect(tokenRequests()).toBe(1);
    clock += 500_000;
    await approvedOrder();
    expect(tokenRequests()).toBe(1);
    // Within a minute of its end the token is renewed before use.
    clock += 50_000;
    await approvedOrder();
    expect(tokenRequests()).toBe(2);
  });

  it('gets a new token and tries once more when PayPal no longer knows the one it had', async () => {
    await approvedOrder();
    paypal.revokeTokens();
    const order = await approvedOrder();
    expect(order.status).toBe('CREATED');
    expect(tokenRequests()).toBe(2);
  });

  it('captures an approved order and reads the capture: its own status and amount', async () => {
    const order = await approvedOrder(1665);
    const captured = await client.captureOrder(order.id, 'capture-1');
    expect(captured.status).toBe('COMPLETED');
    expect(captured.capture).toEqual({
      id: expect.any(String),
      status: 'COMPLETED',
      amountCents: 1665,
      currency: 'EUR',
      processorCode: null,
    });
  });

  it('answers a capture retried with the same request id with the same capture, never a second charge', async () => {
    const order = await approvedOrder();
    const first = await client.captureOrder(order.id, 'capture-once');
    const retried = await client.captureOrder(order.id, 'capture-once');
    expect(retried.capture?.id).toBe(first.capture?.id);
    const another = client.captureOrder(order.id, 'capture-twice');
    await expect(another).rejects.toMatchObject({ status: 422, issue: 'ORDER_ALREADY_CAPTURED' });
  });

  it('says why PayPal refuses: a declined instrument, an order not approved yet', async () => {
    const notApproved = await client.createOrder({
      amountCents: 500,
      currency: 'EUR',
      referenceId: '1',
      requestId: randomUUID(),
    });
    await expect(client.captureOrder(notApproved.id, randomUUID())).rejects.toMatchObject({
      status: 422,
      errorName: 'UNPROCESSABLE_ENTITY',
      issue: 'ORDER_NOT_APPROVED',
    });
    const order = await approvedOrder();
    paypal.captureOutcome = 'DECLINED';
    const declined = await client.captureOrder(order.id, randomUUID()).catch((error: unknown) => error);
    expect(declined).toBeInstanceOf(PayPalError);
    expect(declined).toMatchObject({ issue: 'INSTRUMENT_DECLINED' });
  });

  it('reads a pending capture as pending: the money is not there yet', async () => {
    const order = await approvedOrder();
    paypal.captureOutcome = 'PENDING';
    const captured = await client.captureOrder(order.id, randomUUID());
    expect(captured.capture?.status).toBe('PENDING');
    expect((await client.getOrder(order.id)).capture?.status).toBe('PENDING');
  });

  it('refunds a capture once, however often the refund is retried with its request id', async () => {
    const order = await approvedOrder();
    const captured = await client.captureOrder(order.id, randomUUID());
    const captureId = captured.capture?.id ?? '';
    const refund = await client.refundCapture(captureId, 'refund-1');
    expect(refund.status).toBe('COMPLETED');
    expect((await client.refundCapture(captureId, 'refund-1')).id).toBe(refund.id);
    await expect(client.refundCapture(captureId, 'refund-2')).rejects.toMatchObject({
      issue: 'CAPTURE_FULLY_REFUNDED',
    });
  });

  it('reads a refund PayPal holds as pending, and later how PayPal ended it', async () => {
    const order = await approvedOrder();
    const captureId = (await client.captureOrder(order.id, randomUUID())).capture?.id ?? '';
    paypal.refundOutcome = 'PENDING';
    const refund = await client.refundCapture(captureId, 'refund-1');
    expect(refund).toEqual({ id: expect.any(String), status: 'PENDING', reason: 'ECHECK' });
    expect(await client.getRefund(refund.id)).toEqual(refund);
    paypal.finishRefund(refund.id, 'FAILED');
    expect(await client.getRefund(refund.id)).toEqual({ id: refund.id, status: 'FAILED', reason: null });
    expect(paypal.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v2/payments/refunds/${refund.id}` });
    await expect(client.getRefund('NO-SUCH-REFUND')).rejects.toMatchObject({ status: 404 });
  });

  it('refuses wrong credentials with PayPal\u2019s answer, not a crash', async () => {
    const wrong = createPayPalClient({ baseUrl: paypal.baseUrl, clientId: 'someone', clientSecret: 'else' });
    await expect(
      wrong.createOrder({ amountCents: 100, currency: 'EUR', referenceId: '1', requestId: randomUUID() }),
    ).rejects.toMatchObject({ status: 401 });
  });
});
