import { describe, expect, it } from 'vitest';
import type { Order } from '@pizzeria/domain';
import { newOrderNotice, storeLanguage } from './new-order-notice.ts';

const order = { id: 42, order_type: 'delivery', total: 2350, created_at: '2026-06-15T16:07:00Z' } as Order;

describe('newOrderNotice', () => {
  it('names the order, its type, total and time in a German store’s language, money and clock', () => {
    expect(newOrderNotice(order, { region: 'de-DE', timezone: 'Europe/Berlin' })).toEqual({
      kind: 'order_created',
      order_id: 42,
      title: 'Neue Bestellung #42',
      body: 'Lieferung · 23,50\u00a0€ · um 18:07',
      url: '/order-online/admin/home',
    });
  });

  it('speaks English for an English store, in its own time zone', () => {
    const notice = newOrderNotice({ ...order, order_type: 'pickup' }, { region: 'en-GB', timezone: 'Europe/London' });
    expect(notice.title).toBe('New order #42');
    expect(notice.body).toBe('Pickup · US$23.50 · at 17:07');
  });

  it('takes the language from the store’s region', () => {
    expect(storeLanguage('de-CH')).toBe('de');
    expect(storeLanguage('en-GB')).toBe('en');
  });
});
