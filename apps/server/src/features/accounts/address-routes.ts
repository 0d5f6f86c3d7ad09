import { and, asc, desc, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  addressIdParamsSchema,
  addressInputSchema,
  addressSchema,
  apiErrorSchema,
  type Address,
} from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { addresses, postcodes } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';

type AddressRow = typeof addresses.$inferSelect;
type ParsedAddress = z.output<typeof addressInputSchema>;

/** Someone else's address is answered like a missing one: its existence is nobody else's business. */
const ADDRESS_NOT_FOUND = new HttpError(404, 'address_not_found', {
  de: 'Diese Adresse gibt es nicht.',
  en: 'This address does not exist.',
});

/** The same code and words as an order to such a postcode: a saved address must be one we deliver to. */
const POSTCODE_NOT_DELIVERED = new HttpError(422, 'postcode_not_delivered', {
  de: 'In diese Postleitzahl liefern wir leider nicht.',
  en: 'We do not deliver to this postcode.',
});

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const writeErrorResponses = { ...errorResponses, 422: apiErrorSchema };

function render(row: AddressRow): Address {
  return {
    id: row.id,
    customer_name: row.customerName,
    phone: row.phone,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    zip: row.zip,
    country: row.country,
    is_default: row.isDefault,
  };
}

function columns(input: ParsedAddress) {
  return {
    customerName: input.customer_name,
    phone: input.phone,
    line1: input.line1,
    line2: input.line2 || null,
    city: input.city,
    zip: input.zip,
    country: input.country,
    isDefault: input.is_default,
  };
}

/** Keeps one default per customer: the chosen one loses its siblings' flag in the same transaction. */
async function clearOtherDefaults(tx: Db, userId: number, keepId: number): Promise<void> {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), ne(addresses.id, keepId), eq(addresses.isDefault, true)));
}

/**
 * A saved address is a delivery address, so its postcode must be one of the delivery areas the shop offers
 * (`GET /api/postcodes/store/{id}`). An address belongs to no store: the one restaurant's areas are all rows.
 */
async function assertDelivered(db: Db, zip: string): Promise<void> {
  const [area] = await db
    .select({ id: postcodes.id })
    .from(postcodes)
    .where(and(eq(postcodes.postcode, zip), isNull(postcodes.archivedAt), eq(postcodes.hidden, false)))
    .limit(1);
  if (!area) throw POSTCODE_NOT_DELIVERED;
}

function callerId(caller: { id: number } | null): number {
  if (!caller) throw new Error('requireUser let an anonymous caller through');
  return caller.id;
}

/** A customer's saved delivery addresses (`/update-address`); only ever the caller's own. */
const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.addHook('onRequest', app.auth.requireUser);

  app.get(
    '/addresses/',
    {
      schema: {
        tags: ['addresses'],
        summary: "The caller's saved addresses, the default first",
        response: { 200: z.array(addressSchema), ...errorResponses },
      },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, callerId(request.caller)))
        .orderBy(desc(addresses.isDefault), asc(addresses.id));
      return rows.map(render);
    },
  );

  app.post(
    '/addresses/',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Save an address; the first one, or one marked is_default, becomes the default',
        description: 'A postcode outside the delivery areas is refused with 422 `postcode_not_delivered`.',
        body: addressInputSchema,
        response: { 201: addressSchema, ...writeErrorResponses },
      },
    },
    async (request, reply) => {
      const userId = callerId(request.caller);
      await assertDelivered(db, request.body.zip);
      const row = await db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: addresses.id })
          .from(addresses)
          .where(eq(addresses.userId, userId))
          .limit(1);
        const values = { ...columns(request.body), userId, isDefault: request.body.is_default || !existing };
        const [created] = await tx.insert(addresses).values(values).returning();
        if (!created) throw new Error('the address insert returned nothing');
        if (created.isDefault) await clearOtherDefaults(tx, userId, created.id);
        return created;
      });
      return reply.status(201).send(render(row));
    },
  );

  app.put(
    '/addresses/:id',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Replace one of the caller’s addresses',
        description:
          'Only the caller’s own (404 `address_not_found` otherwise). A postcode outside the delivery areas is refused with 422 `postcode_not_delivered`.',
        params: addressIdParamsSchema,
        body: addressInputSchema,
        response: { 200: addressSchema, ...writeErrorResponses },
      },
    },
    async (request) => {
      const userId = callerId(request.caller);
      await assertDelivered(db, request.body.zip);
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(addresses)
          .set({ ...columns(request.body), updatedAt: new Date() })
          .where(and(eq(addresses.id, request.params.id), eq(addresses.userId, userId)))
          .returning();
        if (!updated) throw ADDRESS_NOT_FOUND;
        if (updated.isDefault) await clearOtherDefaults(tx, userId, updated.id);
        return updated;
      });
      return render(row);
    },
  );

  app.delete(
    '/addresses/:id',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Delete one of the caller’s addresses',
        description:
          'Only the caller’s own: anyone else’s answers 404 `address_not_found`, like a missing one. Orders keep their own copy of the address, so past orders are unchanged.',
        params: addressIdParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = callerId(request.caller);
      const [deleted] = await db
        .delete(addresses)
        .where(and(eq(addresses.id, request.params.id), eq(addresses.userId, userId)))
        .returning({ id: addresses.id });
      if (!deleted) throw ADDRESS_NOT_FOUND;
      return reply.status(204).send(null);
    },
  );
};

export default addressRoutes;
