import type { FastifySchemaValidationError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ORDER_SEARCH_MAX_LENGTH,
  ORDER_SEARCH_MAX_PAGE,
  orderSearchPageSchema,
  orderSearchQuerySchema,
  storeIdParamsSchema,
  type LocalizedText,
} from '@pizzeria/domain';
import { HttpError, adminErrorResponses } from '../../plugins/errors.ts';
import { searchOrders } from './search.ts';

/** What each filter takes, in the words staff read next to the field. */
const FILTER_RULES: Record<string, LocalizedText> = {
  q: {
    de: `Suche: höchstens ${ORDER_SEARCH_MAX_LENGTH} Zeichen`,
    en: `search: at most ${ORDER_SEARCH_MAX_LENGTH} characters`,
  },
  from: { de: 'von: ein Datum wie 2026-11-28', en: 'from: a date such as 2026-11-28' },
  to: { de: 'bis: ein Datum wie 2026-11-28', en: 'to: a date such as 2026-11-28' },
  status: { de: 'Status: einer aus der Liste', en: 'status: one from the list' },
  payment_method: { de: 'Zahlungsart: bar oder PayPal', en: 'payment method: cash or PayPal' },
  payment_status: { de: 'Zahlungsstand: einer aus der Liste', en: 'payment state: one from the list' },
  cursor: { de: 'Seite: eine Bestellnummer', en: 'page: an order number' },
  limit: {
    de: `Anzahl: 1 bis ${ORDER_SEARCH_MAX_PAGE}`,
    en: `page size: 1 to ${ORDER_SEARCH_MAX_PAGE}`,
  },
};

/** A refused filter named in the staff member's language, instead of "the request is not valid". */
function invalidFilter(issues: readonly FastifySchemaValidationError[]): HttpError {
  const fields = [...new Set(issues.map((issue) => issue.instancePath.split('/')[1] ?? ''))];
  const rules = fields.map((field) => FILTER_RULES[field]).filter((rule) => rule !== undefined);
  const list = (language: keyof LocalizedText) => rules.map((rule) => rule[language]).join('; ');
  return new HttpError(400, 'invalid_order_filter', {
    de: `Dieser Filter geht so nicht: ${list('de') || 'unbekannt'}.`,
    en: `This filter does not work that way: ${list('en') || 'unknown'}.`,
  });
}

/** "Bestellungen": staff find any order of the store by number, name, phone or e-mail (under `/api/admin`). */
const orderSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores/:id/orders',
    {
      schema: {
        'x-staff-role': 'kitchen',
        tags: ['admin'],
        summary:
          'Search all orders of the store, newest first: `q` finds an order number, a part of the customer name ' +
          'or e-mail (any case) or a phone number however typed; filters by local days `from`..`to` (store time, ' +
          'both included), `status`, `payment_method` and `payment_status`. A page at a time: `next_cursor` ' +
          'is null on the last page, else the `cursor` of the next',
        params: storeIdParamsSchema,
        querystring: orderSearchQuerySchema,
        response: { 200: orderSearchPageSchema, ...adminErrorResponses },
      },
      // The route answers a bad filter itself, naming it (see `invalidFilter`).
      attachValidation: true,
    },
    async (request) => {
      const refused = request.validationError;
      if (refused) throw refused.validationContext === 'querystring' ? invalidFilter(refused.validation) : refused;
      return searchOrders(app.database.db, { storeId: request.params.id, ...request.query });
    },
  );
};

export default orderSearchRoutes;
