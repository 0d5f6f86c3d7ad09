import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  fromCents,
  normalizePhone,
  storeIdParamsSchema,
  VOUCHER_REFUSAL_TEXTS,
  voucherCheckRequestSchema,
  voucherCheckSchema,
  type LocalizedText,
  type VoucherCheck,
} from '@pizzeria/domain';
import { clientSubject } from '../../plugins/client-address.ts';
import { HttpError } from '../../plugins/errors.ts';
import { tooMany, type Counter, type Limit } from '../../plugins/rate-limits.ts';
import { historyRefusal, voucherCustomer } from './redemptions.ts';
import { voucherByCode, type VoucherRow } from './repository.ts';

/** The default of the unknown codes one client address may try per hour (`TRACKING_FAILURES_PER_HOUR_PER_ADDRESS`). */
export const DEFAULT_UNKNOWN_CODES: Limit = { max: 30, windowSeconds: 3600 };

export interface VoucherCheckOptions {
  /** How many unknown codes one client address may try per window (guessing codes is held to it). */
  unknownCodes?: Limit;
}

const VOUCHER_UNKNOWN = new HttpError(404, 'voucher_unknown', VOUCHER_REFUSAL_TEXTS.voucher_unknown);

const tooManyCodes = (wait: LocalizedText): LocalizedText => ({
  de: `Von Ihrem Anschluss wurden gerade zu viele unbekannte Gutscheincodes eingegeben. Bitte versuchen Sie es ${wait.de} erneut.`,
  en: `Too many unknown voucher codes have just been entered from your connection. Please try again ${wait.en}.`,
});

function checkOf(row: VoucherRow, refusal: VoucherCheck['refusal']): VoucherCheck {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percentage: row.kind === 'percentage' ? row.percentage : null,
    amount: row.kind === 'amount' && row.amountCents !== null ? fromCents(row.amountCents) : null,
    minimum_order_amount: fromCents(row.minimumOrderCents),
    valid_from: row.validFrom?.toISOString() ?? null,
    valid_until: row.validUntil?.toISOString() ?? null,
    order_types: row.orderTypes,
    combines_with_discount: row.combinesWithDiscount,
    refusal,
  };
}

/**
 * The customer's check of a code in the cart or at checkout: its terms, so the cart works out what it
 * takes off as the cart changes (the domain's `voucherProblem` and `computeTotals`), and what this
 * customer's history says against it. Unknown codes are counted per client address and held to a limit,
 * as wrong tracking links are; a known code gives its attempt back.
 */
const voucherCheckRoutes: FastifyPluginAsyncZod<VoucherCheckOptions> = async (app, options) => {
  const limit = options.unknownCodes ?? DEFAULT_UNKNOWN_CODES;
  const db = app.database.db;

  app.post(
    '/stores/:id/vouchers/check',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Check a voucher code for the cart: its terms (the cart checks dates, order type and minimum itself) and ' +
          '`refusal` when this customer cannot redeem it now (used up, their limit reached, first order only). A ' +
          'signed-in customer is known by their session, a guest by the phone and e-mail given. 404 `voucher_unknown` ' +
          'for a code that does not exist or is switched off; too many of those from one address are 429',
        params: storeIdParamsSchema,
        body: voucherCheckRequestSchema,
        response: { 200: voucherCheckSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const counters: Counter[] = [{ kind: 'vouchers:address', subject: clientSubject(request.ip), limit }];
      const taken = await app.rateLimits.take(counters);
      if (!taken.ok) throw tooMany(reply, taken.retryAfterSeconds, 'too_many_requests', tooManyCodes);
      const row = await voucherByCode(db, request.params.id, request.body.code);
      if (!row || !row.active) throw VOUCHER_UNKNOWN;
      await app.rateLimits.giveBack(counters);
      const caller = request.caller;
      const phone = request.body.phone ? normalizePhone(request.body.phone) : null;
      const customer = voucherCustomer(
        caller?.role === 'customer' ? caller.id : null,
        phone,
        request.body.email ?? null,
      );
      return checkOf(row, await historyRefusal(db, row, customer));
    },
  );
};

export default voucherCheckRoutes;
