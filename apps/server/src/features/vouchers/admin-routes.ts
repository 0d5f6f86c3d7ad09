import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  adminVoucherSchema,
  adminVouchersSchema,
  conflictSchema,
  storeIdParamsSchema,
  voucherCreateSchema,
  voucherParamsSchema,
  voucherSettingsSchema,
  voucherUpdateSchema,
  type AdminVoucher,
  type VoucherSettings,
} from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/database-errors.ts';
import { stores, vouchers } from '../../db/schema.ts';
import { adminErrorResponses, HttpError } from '../../plugins/errors.ts';
import { checkVersion, editAudited } from '../audit/index.ts';
import { storeNotFound } from '../catalogue/index.ts';
import { columnsOf, listVouchers, renderVoucher, voucherByCode, voucherById } from './repository.ts';

const VOUCHER_NOT_FOUND = new HttpError(404, 'voucher_not_found', {
  de: 'Diesen Gutschein gibt es nicht.',
  en: 'There is no such voucher.',
});

function codeTaken(code: string): HttpError {
  return new HttpError(409, 'voucher_code_taken', {
    de: `Den Gutscheincode ${code} gibt es schon. Wählen Sie einen anderen oder bearbeiten Sie den vorhandenen.`,
    en: `The voucher code ${code} already exists. Choose another one or edit the existing voucher.`,
  });
}

function usesAboveMax(uses: number): HttpError {
  return new HttpError(409, 'voucher_uses_above_max', {
    de: `Dieser Gutschein wurde schon ${uses}-mal eingelöst. Die Gesamtzahl kann nicht darunter liegen.`,
    en: `This voucher has been redeemed ${uses} times already. The total number of uses cannot be lower.`,
  });
}

/** The store as a voucher's write needs it (404 when it does not exist); `lock` for the setting's write. */
async function storeOf(db: Db, storeId: number, lock = false) {
  const query = db
    .select({
      timezone: stores.timezone,
      combineWithDiscount: stores.vouchersCombineWithDiscount,
      version: stores.version,
    })
    .from(stores)
    .where(eq(stores.id, storeId));
  const [store] = lock ? await query.for('update') : await query;
  if (!store) throw storeNotFound(storeId);
  return store;
}

/** A write that gives a voucher its code: a code another live voucher has (in any case) is `voucher_code_taken`. */
async function claimingCode<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'vouchers_store_code_unique')) throw codeTaken(code.toUpperCase());
    throw error;
  }
}

function settingsOf(store: { combineWithDiscount: boolean; version: number }): VoucherSettings {
  return { combine_with_discount: store.combineWithDiscount, version: store.version };
}

/**
 * The back office's "Gutscheine" (managers and owners): the store's voucher codes and its one setting,
 * whether a voucher adds to the delivery/pickup discount. Every write is audited (entity `voucher`, the
 * setting as `store`) with the version check of every back-office edit. Removing a voucher archives it:
 * the orders that redeemed it keep its code, and the code is free for a new voucher.
 */
const voucherAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/stores/:id/vouchers',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary:
          'The vouchers (inactive ones too, removed ones not), newest first, with how often each was redeemed, and ' +
          'whether a voucher adds to the delivery/pickup discount (with the store version to save that with)',
        params: storeIdParamsSchema,
        response: { 200: adminVouchersSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const storeId = request.params.id;
      const store = await storeOf(db, storeId);
      const rows = await listVouchers(db, storeId);
      return {
        vouchers: rows.map(renderVoucher),
        combine_with_discount: store.combineWithDiscount,
        store_version: store.version,
      };
    },
  );

  app.post(
    '/stores/:id/vouchers',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary:
          'Create a voucher (the code is stored in capitals; valid_from/valid_to are the first and the last day in ' +
          "the store's time zone); 409 `voucher_code_taken` when a voucher not removed has the code in any case",
        params: storeIdParamsSchema,
        body: voucherCreateSchema,
        response: { 201: adminVoucherSchema, ...adminErrorResponses, 409: conflictSchema(adminVoucherSchema) },
      },
    },
    async (request, reply) => {
      const storeId = request.params.id;
      const body = request.body;
      const created = await claimingCode(body.code, () =>
        editAudited<AdminVoucher>(app, request, {
          storeId,
          entity: 'voucher',
          action: 'create',
          write: async (tx) => {
            const store = await storeOf(tx, storeId);
            if (await voucherByCode(tx, storeId, body.code)) throw codeTaken(body.code.toUpperCase());
            const [inserted] = await tx
              .insert(vouchers)
              .values({ storeId, ...columnsOf(body, store.timezone) })
              .returning({ id: vouchers.id });
            const row = inserted && (await voucherById(tx, storeId, inserted.id));
            if (!row) throw new Error('the voucher was not stored');
            return { entityId: row.id, before: null, after: renderVoucher(row) };
          },
        }),
      );
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/stores/:id/vouchers/settings',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary:
          'Whether a voucher adds to the delivery/pickup discount (else an order gets the larger of the two), at the ' +
          'store version it was read at; 409 with the current setting',
        params: storeIdParamsSchema,
        body: voucherSettingsSchema,
        response: { 200: voucherSettingsSchema, ...adminErrorResponses, 409: conflictSchema(voucherSettingsSchema) },
      },
    },
    async (request) => {
      const storeId = request.params.id;
      return editAudited<VoucherSettings>(app, request, {
        storeId,
        entity: 'store',
        action: 'update',
        write: async (tx) => {
          const before = checkVersion(
            await storeOf(tx, storeId, true),
            request.body.version,
            () => storeNotFound(storeId),
            settingsOf,
          );
          const [updated] = await tx
            .update(stores)
            .set({
              vouchersCombineWithDiscount: request.body.combine_with_discount,
              version: sql`${stores.version} + 1`,
            })
            .where(eq(stores.id, storeId))
            .returning({ combineWithDiscount: stores.vouchersCombineWithDiscount, version: stores.version });
          if (!updated) throw storeNotFound(storeId);
          return { entityId: storeId, before: settingsOf(before), after: settingsOf(updated) };
        },
      });
    },
  );

  app.put(
    '/stores/:id/vouchers/:voucherId',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary:
          'Change a voucher (all its terms) at the version it was read at; 409 with the current one, ' +
          '`voucher_code_taken`, or `voucher_uses_above_max` when the total number of uses is below those taken',
        params: voucherParamsSchema,
        body: voucherUpdateSchema,
        response: { 200: adminVoucherSchema, ...adminErrorResponses, 409: conflictSchema(adminVoucherSchema) },
      },
    },
    async (request) => {
      const { id: storeId, voucherId } = request.params;
      const body = request.body;
      return claimingCode(body.code, () =>
        editAudited<AdminVoucher>(app, request, {
          storeId,
          entity: 'voucher',
          action: 'update',
          write: async (tx) => {
            const store = await storeOf(tx, storeId);
            const before = checkVersion(
              await voucherById(tx, storeId, voucherId, true),
              body.version,
              () => VOUCHER_NOT_FOUND,
              renderVoucher,
            );
            if (body.max_uses !== null && body.max_uses < before.uses) throw usesAboveMax(before.uses);
            const other = await voucherByCode(tx, storeId, body.code);
            if (other && other.id !== voucherId) throw codeTaken(body.code.toUpperCase());
            await tx
              .update(vouchers)
              .set({ ...columnsOf(body, store.timezone), version: sql`${vouchers.version} + 1` })
              .where(eq(vouchers.id, voucherId));
            const after = await voucherById(tx, storeId, voucherId);
            if (!after) throw VOUCHER_NOT_FOUND;
            return { entityId: voucherId, before: renderVoucher(before), after: renderVoucher(after) };
          },
        }),
      );
    },
  );

  app.delete(
    '/stores/:id/vouchers/:voucherId',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary:
          'Remove a voucher: archived (orders keep its code; an order placed with it later is refused as unknown), ' +
          'and its code is free for a new voucher',
        params: voucherParamsSchema,
        response: { 204: z.null(), ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const { id: storeId, voucherId } = request.params;
      await editAudited(app, request, {
        storeId,
        entity: 'voucher',
        action: 'archive',
        write: async (tx) => {
          const before = await voucherById(tx, storeId, voucherId, true);
          if (!before) throw VOUCHER_NOT_FOUND;
          await tx
            .update(vouchers)
            .set({ archivedAt: new Date(), version: sql`${vouchers.version} + 1` })
            .where(eq(vouchers.id, voucherId));
          const removed = renderVoucher(before);
          return { entityId: voucherId, before: removed, after: null, audited: { ...removed, archived: true } };
        },
      });
      return reply.status(204).send(null);
    },
  );
};

export default voucherAdminRoutes;
