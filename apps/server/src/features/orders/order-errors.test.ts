import { describe, expect, it } from 'vitest';
import { orderError, whoChangedIt } from './order-errors.ts';

describe('who changed an order', () => {
  const at = new Date('2026-01-10T17:07:00Z');

  it('names the staff member, what they did and the time in the store’s zone', () => {
    expect(whoChangedIt('accepted', { kind: 'staff', at, name: 'Maria Rossi' }, 'Europe/Berlin')).toEqual({
      de: 'Maria Rossi hat diese Bestellung um 18:07 angenommen.',
      en: 'Maria Rossi accepted this order at 18:07.',
    });
    expect(whoChangedIt('ready', { kind: 'staff', at, name: 'Luca' }, 'Europe/London')?.en).toBe(
      'Luca marked this order as ready at 17:07.',
    );
  });

  it('says "a staff member" when the account is gone, and "automatically" for the server', () => {
    expect(whoChangedIt('cancelled', { kind: 'staff', at, name: null }, 'Europe/Berlin')).toEqual({
      de: 'Jemand aus dem Team hat diese Bestellung um 18:07 storniert.',
      en: 'A staff member cancelled this order at 18:07.',
    });
    expect(whoChangedIt('rejected', { kind: 'system', at, name: null }, 'Europe/Berlin')?.de).toBe(
      'Diese Bestellung wurde um 18:07 automatisch abgelehnt, weil niemand rechtzeitig geantwortet hat.',
    );
  });

  it('explains an order not decided yet, and leaves the standard message when the history does not tell', () => {
    expect(whoChangedIt('waiting', null, 'Europe/Berlin')?.en).toBe('This order has not been accepted yet.');
    expect(whoChangedIt('completed', null, 'Europe/Berlin')).toBeNull();
  });

  it('answers a transition that is not allowed with 409', () => {
    const error = orderError('invalid_transition', { de: 'x', en: 'y' });
    expect(error.statusCode).toBe(409);
    expect(error.code).toBe('invalid_transition');
    expect(error.messages.en).toBe('y');
    expect(orderError('invalid_transition').messages.en).toBe(
      'This order cannot be changed like that in its current state.',
    );
  });
});
