import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  apiErrorSchema,
  categorySchema,
  discountSchema,
  postcodeSchema,
  productSchema,
  storeIdParamsSchema,
  storeIdQuerySchema,
  storeDetailsSchema,
} from '@pizzeria/domain';
import { storeNotFound } from './errors.ts';
import { sendRepresentation } from './http-caching.ts';
import type { CatalogueResource } from './representations.ts';

const cachingHeadersSchema = z.looseObject({
  'accept-language': z.optional(
    z.string().register(z.globalRegistry, { description: 'de (default) or en: the language of names and texts' }),
  ),
  'if-none-match': z.optional(
    z.string().register(z.globalRegistry, { description: 'The ETag of a copy the client holds: 304 when current' }),
  ),
});

const notModifiedSchema = z
  .null()
  .register(z.globalRegistry, { description: 'Not modified: the copy named in If-None-Match is current (no body).' });

const otherResponses = { 304: notModifiedSchema, 400: apiErrorSchema, 404: apiErrorSchema };

/** The public catalogue (the shop's API): every read comes from the in-memory catalogue, with ETags. */
const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const send = async (storeId: number, resource: CatalogueResource, request: FastifyRequest, reply: FastifyReply) => {
    const representation = await app.catalogue.representation(storeId, resource, request.language);
    if (!representation) throw storeNotFound(storeId);
    return sendRepresentation(request, reply, representation);
  };

  app.get(
    '/categories/',
    {
      schema: {
        tags: ['catalogue'],
        summary: "The store's menu categories in menu order",
        querystring: storeIdQuerySchema,
        headers: cachingHeadersSchema,
        response: { 200: z.array(categorySchema), ...otherResponses },
      },
    },
    (request, reply) => send(request.query.store_id, 'categories', request, reply),
  );

  app.get(
    '/products/',
    {
      schema: {
        tags: ['catalogue'],
        summary: "The store's available products with variants, topping groups, VAT and allergens",
        description:
          'Prices are decimal euros including VAT. `deposit` is the bottle deposit (Pfand) per unit, 0 for none: ' +
          'not part of the price, charged on top of it, taxed at the product’s rate and never discounted. ' +
          'A product sold out today is listed with `sold_out: true` and `available: false`: shown, not orderable. ' +
          '`divisible` (a simple product) and each variant’s `divisible` say it is sold in halves too: one pizza of ' +
          'two halves, each a divisible dish at a size of the same name and VAT rate (decision 029).',
        querystring: storeIdQuerySchema,
        headers: cachingHeadersSchema,
        response: { 200: z.array(productSchema), ...otherResponses },
      },
    },
    (request, reply) => send(request.query.store_id, 'products', request, reply),
  );

  app.get(
    '/stores/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The store with its region and weekly hours',
        params: storeIdParamsSchema,
        headers: cachingHeadersSchema,
        response: { 200: storeDetailsSchema, ...otherResponses },
      },
    },
    (request, reply) => send(request.params.id, 'store', request, reply),
  );

  app.get(
    '/discounts/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: "The store's delivery and pickup discounts (percent of the subtotal)",
        params: storeIdParamsSchema,
        headers: cachingHeadersSchema,
        response: { 200: z.array(discountSchema), ...otherResponses },
      },
    },
    (request, reply) => send(request.params.id, 'discounts', request, reply),
  );

  app.get(
    '/postcodes/store/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: "The store's delivery area: postcodes with fee, minimum order and delivery time",
        params: storeIdParamsSchema,
        headers: cachingHeadersSchema,
        response: { 200: z.array(postcodeSchema), ...otherResponses },
      },
    },
    (request, reply) => send(request.params.id, 'postcodes', request, reply),
  );
};

export default catalogueRoutes;
