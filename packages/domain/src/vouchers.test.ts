import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normaliseVoucherCode, voucherProblem, type VoucherTerms } from './vouchers.ts';

const terms: VoucherTerms = {
  code: 'SOMMER',
  value: { kind: 'percentage', percentage: 10 },
  minimumOrderCents: 2000,
  // Berlin's 1 June to 30 June 2026 (CEST): from 31 May 22:00 UTC until 30 June 22:00 UTC.
  validFrom: '2026-05-31T22:00:00.000Z',
  validUntil: '2026-06-30T22:00:00.000Z',
  orderTypes: 'delivery',
};
const order = { subtotal: 2500, orderType: 'delivery' as const, now: new Date('2026-06-15T16:00:00Z') };

describe('voucherProblem', () => {
  it('is null when the order meets every condition', () => {
    expect(voucherProblem(terms, order)).toBeNull();
  });

  it('holds a voucher to its dates: from its first instant, until (not including) its end', () => {
    expect(voucherProblem(terms, { ...order, now: new Date('2026-05-31T21:59:59.999Z') })).toBe(
      'voucher_not_yet_valid',
    );
    expect(voucherProblem(terms, { ...order, now: new Date('2026-05-31T22:00:00.000Z') })).toBeNull();
    expect(voucherProblem(terms, { ...order, now: new Date('2026-06-30T21:59:59.999Z') })).toBeNull();
    expect(voucherProblem(terms, { ...order, now: new Date('2026-06-30T22:00:00.000Z') })).toBe('voucher_expired');
  });

  it('has no bound where a date is null', () => {
    const open = { ...terms, validFrom: null, validUntil: null };
    expect(voucherProblem(open, { ...order, now: new Date('2001-01-01T00:00:00Z') })).toBeNull();
    expect(voucherProblem(open, { ...order, now: new Date('2099-01-01T00:00:00Z') })).toBeNull();
  });

  it('refuses the other order type, and takes either for `both`', () => {
    expect(voucherProblem(terms, { ...order, orderType: 'pickup' })).toBe('voucher_wrong_order_type');
    expect(voucherProblem({ ...terms, orderTypes: 'pickup' }, { ...order, orderType: 'pickup' })).toBeNull();
    expect(voucherProblem({ ...terms, orderTypes: 'both' }, { ...order, orderType: 'pickup' })).toBeNull();
  });

  it('needs the minimum on the goods, the minimum itself included', () => {
    expect(voucherProblem(terms, { ...order, subtotal: 1999 })).toBe('voucher_minimum_not_reached');
    expect(voucherProblem(terms, { ...order, subtotal: 2000 })).toBeNull();
  });

  it('names the dates first, then the order type, then the minimum', () => {
    const everythingWrong = { subtotal: 0, orderType: 'pickup' as const, now: new Date('2027-01-01T00:00:00Z') };
    expect(voucherProblem(terms, everythingWrong)).toBe('voucher_expired');
    expect(voucherProblem(terms, { ...everythingWrong, now: order.now })).toBe('voucher_wrong_order_type');
  });
});

describe('normaliseVoucherCode', () => {
  it('compares codes in capitals without spaces', () => {
    expect(normaliseVoucherCode(' willkommen-10 ')).toBe('WILLKOMMEN-10');
    expect(normaliseVoucherCode('Will kommen')).toBe('WILLKOMMEN');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9 \t-]*$/),
        (code) => normaliseVoucherCode(normaliseVoucherCode(code)) === normaliseVoucherCode(code),
      ),
    );
  });
});
