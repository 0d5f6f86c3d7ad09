import { describe, expect, it } from 'vitest';
import { lateness } from './lateness.ts';
import { boardOrder } from './test-board.ts';

const at = (time: string) => Date.parse(`2026-11-23T${time}.000Z`);
const promisedFor = (time: string, status: 'waiting' | 'accepted' | 'ready' = 'accepted') =>
  boardOrder({ status, eta_at: `2026-11-23T${time}.000Z`, promised_at: '2026-11-23T18:00:00.000Z' });

describe('lateness of an order', () => {
  it('flags an order promised for 14:22 as 2 minutes late at 14:24', () => {
    expect(lateness(promisedFor('14:22:00'), at('14:24:00'))).toEqual({ kind: 'late', minutes: 2 });
    expect(lateness(promisedFor('14:22:00', 'ready'), at('14:24:59'))).toEqual({ kind: 'late', minutes: 2 });
  });

  it('says "due now" (late by 0) from the promised minute on', () => {
    expect(lateness(promisedFor('14:22:00'), at('14:22:00'))).toEqual({ kind: 'late', minutes: 0 });
    expect(lateness(promisedFor('14:22:00'), at('14:22:59'))).toEqual({ kind: 'late', minutes: 0 });
  });

  it('flags it as due soon from 10 minutes before, counting a started minute as a whole one', () => {
    expect(lateness(promisedFor('14:22:00'), at('14:17:00'))).toEqual({ kind: 'due_soon', minutes: 5 });
    expect(lateness(promisedFor('14:22:00'), at('14:21:30'))).toEqual({ kind: 'due_soon', minutes: 1 });
    expect(lateness(promisedFor('14:22:00'), at('14:12:00'))).toEqual({ kind: 'due_soon', minutes: 10 });
    expect(lateness(promisedFor('14:22:00'), at('14:11:59'))).toEqual({ kind: 'on_time' });
  });

  it('measures a new order by the time the checkout told the customer', () => {
    const waiting = boardOrder({ status: 'waiting', eta_at: null, promised_at: '2026-11-23T14:22:00.000Z' });
    expect(lateness(waiting, at('14:25:00'))).toEqual({ kind: 'late', minutes: 3 });
    expect(lateness(waiting, at('14:20:00'))).toEqual({ kind: 'due_soon', minutes: 2 });
  });

  it('takes staff’s promise over the checkout’s estimate once accepted', () => {
    const accepted = boardOrder({
      status: 'accepted',
      eta_at: '2026-11-23T14:40:00.000Z',
      promised_at: '2026-11-23T14:22:00.000Z',
    });
    expect(lateness(accepted, at('14:25:00'))).toEqual({ kind: 'on_time' });
  });

  it('leaves done orders alone, however old', () => {
    for (const status of ['completed', 'rejected', 'cancelled', 'expired', 'pending_payment'] as const) {
      expect(lateness(boardOrder({ status, promised_at: '2026-11-23T10:00:00.000Z' }), at('14:00:00'))).toBeNull();
    }
  });
});
