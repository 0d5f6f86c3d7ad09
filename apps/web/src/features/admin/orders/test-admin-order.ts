import type { AdminOrder } from '@pizzeria/domain';

/** A delivery paid in cash, shaped like `GET /api/admin/orders/5`, with two lines and a short history. */
export function testAdminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id: 5,
    store_id: 13,
    status: 'accepted',
    order_type: 'delivery',
    payment_method: 'cash',
    payment_status: null,
    postcode: '10435',
    requested_time: null,
    promised_at: '2026-11-23T12:45:00.000Z',
    eta_minutes: 45,
    eta_at: '2026-11-23T12:45:00.000Z',
    rejection_reason: null,
    cancellation_reason: null,
    note: 'Bitte klingeln bei Rossi',
    customer_name: 'Maria Rossi',
    phone: '0151 234 567 89',
    email: 'maria@example.com',
    address: { line1: 'Kastanienallee 3', line2: '2. OG links', city: 'Berlin', zip: '10435', country: 'DE' },
    items: [
      {
        product_id: 1,
        variant_id: 2,
        name: 'Pizza Margherita',
        variant_name: 'Groß',
        display_name: 'Pizza Margherita (Groß)',
        price: 9.5,
        quantity: 2,
        extras: [
          { id: 7, name: 'Extra Käse', price: 1, quantity: 1 },
          { id: 8, name: 'Salami', price: 1.25, quantity: 2 },
        ],
        tax_percentage: 7,
        line_total: 28,
        deposit: 0,
        deposit_total: 0,
      },
      {
        product_id: 3,
        variant_id: null,
        name: 'Cola 0,33 l',
        variant_name: null,
        display_name: 'Cola 0,33 l',
        price: 2.5,
        quantity: 1,
        extras: [],
        tax_percentage: 19,
        line_total: 2.5,
        deposit: 0,
        deposit_total: 0,
      },
    ],
    subtotal: 30.5,
    discount_code: null,
    discount_percentage: 0,
    discount: 0,
    deposit: 0,
    delivery_fee: 2,
    total: 32.5,
    vat: [
      { percentage: 7, amount: 1.96 },
      { percentage: 19, amount: 0.4 },
    ],
    created_at: '2026-11-23T11:58:00.000Z',
    revision: 0,
    refund_failure: null,
    history: [
      { status: 'waiting', at: '2026-11-23T11:58:00.000Z', actor: { kind: 'guest', name: null }, note: null },
      { status: 'accepted', at: '2026-11-23T12:00:00.000Z', actor: { kind: 'staff', name: 'Luigi' }, note: null },
    ],
    ...overrides,
  };
}

/** The fixture with its cola in a reusable bottle: 0,08 € deposit on top (decision 016). */
export function testAdminOrderWithDeposit(): AdminOrder {
  const order = testAdminOrder();
  return testAdminOrder({
    items: order.items.map((item) =>
      item.product_id === 3 ? { ...item, deposit: 0.08, deposit_total: 0.08 * item.quantity } : item,
    ),
    deposit: 0.08,
    total: 32.58,
  });
}
