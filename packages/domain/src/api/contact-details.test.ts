import { describe, expect, it } from 'vitest';
import { addressInputSchema, orderRequestSchema, phoneSchema, registerCustomerSchema } from './contact-details.ts';

const address = { customer_name: 'Anna', line1: 'Torstraße 1', city: 'Berlin', zip: '10115' };

describe('phoneSchema', () => {
  it('parses a typed number into E.164', () => {
    expect(phoneSchema.parse('+49 170 1234 5678')).toBe('+4917012345678');
    expect(phoneSchema.parse('0170/123 45 67')).toBe('+491701234567');
    expect(phoneSchema.parse('+43 1 234567')).toBe('+431234567');
  });

  it('refuses a number that is none with the code invalid_phone', () => {
    const result = phoneSchema.safeParse('0170 CALL ME');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: 'custom', params: { code: 'invalid_phone' } });
    expect(phoneSchema.safeParse('+49 170 1234 5678 9999').success).toBe(false);
  });
});

describe('the requests that carry a phone number', () => {
  it('store the saved address’s and the guest’s phone in E.164', () => {
    expect(addressInputSchema.parse({ ...address, phone: '+49 151 2345 6789' }).phone).toBe('+4915123456789');
    const order = orderRequestSchema.parse({
      store_id: 13,
      order_type: 'pickup',
      items: [{ product_id: 1, quantity: 1 }],
      requested_time: 'asap',
      payment_method: 'cash',
      address: { type: 'shipping', ...address, phone: '+49 151 2345 6789' },
    });
    expect(order.address?.phone).toBe('+4915123456789');
  });

  it('take an account without a phone, and a typed one in E.164', () => {
    const account = { customer_name: 'Anna', email: 'anna@example.com', password: 'correct horse' };
    expect(registerCustomerSchema.parse(account).phone).toBeUndefined();
    expect(registerCustomerSchema.parse({ ...account, phone: '' }).phone).toBe('');
    expect(registerCustomerSchema.parse({ ...account, phone: '(030) 123-456' }).phone).toBe('+4930123456');
    expect(registerCustomerSchema.safeParse({ ...account, phone: '12' }).success).toBe(false);
  });
});

describe('the order’s address', () => {
  const order = (orderType: 'delivery' | 'pickup', address: object) => ({
    store_id: 13,
    order_type: orderType,
    postcode: orderType === 'delivery' ? '10115' : null,
    items: [{ product_id: 1, quantity: 1 }],
    requested_time: 'asap',
    payment_method: 'cash',
    address: { type: 'shipping', customer_name: 'Anna', phone: '030 123456', ...address },
  });

  it('takes a pickup guest with only a name and a phone, without a street', () => {
    const parsed = orderRequestSchema.parse(order('pickup', { city: '', zip: '' }));
    expect(parsed.address).toMatchObject({ line1: '', phone: '+4930123456' });
    expect(orderRequestSchema.safeParse(order('pickup', { line1: '', city: '', zip: '' })).success).toBe(true);
  });

  it('still requires the street and house number for a delivery', () => {
    for (const line1 of [undefined, '', '   ']) {
      const result = orderRequestSchema.safeParse(order('delivery', { line1, city: '', zip: '10115' }));
      expect(result.success, String(line1)).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['address', 'line1']);
    }
    expect(
      orderRequestSchema.safeParse(order('delivery', { line1: 'Torstraße 1', city: '', zip: '10115' })).success,
    ).toBe(true);
  });
});
