import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  boardSchema,
  boardSettingsSchema,
  guestRushSchema,
  storeIdParamsSchema,
  type BoardSettings,
} from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { auditLog, stores } from '../../db/schema.ts';
import { storeNotFound } from '../catalogue/index.ts';
import { adminErrorResponses } from '../../plugins/errors.ts';

const settingsColumns = {
  autoPauseEnabled: stores.autoPauseEnabled,
  autoPauseAfterMinutes: stores.autoPauseAfterMinutes,
  autoRejectAfterMinutes: stores.autoRejectAfterMinutes,
  chimeLouderAfterMinutes: stores.chimeLouderAfterMinutes,
  printOnAccept: stores.printOnAccept,
};
type SettingsRow = { [K in keyof typeof settingsColumns]: (typeof stores.$inferSelect)[K] };

function renderSettings(row: SettingsRow): BoardSettings {
  return {
    auto_pause_enabled: row.autoPauseEnabled,
    auto_pause_after_minutes: row.autoPauseAfterMinutes,
    auto_reject_after_minutes: row.autoRejectAfterMinutes,
    chime_louder_after_minutes: row.chimeLouderAfterMinutes,
    print_on_accept: row.printOnAccept,
  };
}

async function settingsOf(db: Db, storeId: number, lock = false): Promise<SettingsRow> {
  const query = db.select(settingsColumns).from(stores).where(eq(stores.id, storeId));
  const [row] = await (lock ? query.for('no key update') : query);
  if (!row) throw storeNotFound(storeId);
  return row;
}

function staffId(request: FastifyRequest): number {
  if (!request.caller) throw new Error('an admin route without a caller');
  return request.caller.id;
}

/**
 * The orders board: its list, loaded when it opens and after every reconnect (the live changes
 * come over `WS /api/ws/admin/orders`), and its settings. A settings change is audited; turning automatic
 * pauses off lifts a pause they made, since nothing else would.
 */
const boardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/stores/:id/board',
    {
      schema: {
        'x-staff-role': 'kitchen',
        tags: ['admin'],
        summary:
          "The orders board: every open order (waiting, accepted, ready), today's done ones (store time), " +
          'oldest first, with the board settings and the server time',
        params: storeIdParamsSchema,
        response: { 200: boardSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const settings = await settingsOf(db, request.params.id);
      const now = app.orders.clock.now();
      const orders = await app.orders.listBoard(request.params.id, now, request.language);
      return { orders, settings: renderSettings(settings), now: now.toISOString() };
    },
  );

  app.get(
    '/stores/:id/guest-rush',
    {
      schema: {
        'x-staff-role': 'kitchen',
        tags: ['admin'],
        summary:
          "Whether guest orders nobody has answered hold the guests' places of several slots ahead, so that " +
          'more guests are turned away or pushed later (a rush to answer, or invented orders to pause against)',
        params: storeIdParamsSchema,
        response: { 200: guestRushSchema, ...adminErrorResponses },
      },
    },
    async (request) => app.orders.guestRush(request.params.id),
  );

  app.get(
    '/stores/:id/board-settings',
    {
      schema: {
        'x-staff-role': 'kitchen',
        tags: ['admin'],
        summary: 'How the board and the server make sure no order goes unnoticed',
        params: storeIdParamsSchema,
        response: { 200: boardSettingsSchema, ...adminErrorResponses },
      },
    },
    async (request) => renderSettings(await settingsOf(db, request.params.id)),
  );

  app.put(
    '/stores/:id/board-settings',
    {
      schema: {
        'x-staff-role': 'manager',
        tags: ['admin'],
        summary:
          'Change the board settings (all of them at once); turning `auto_pause_enabled` off lifts an automatic pause',
        params: storeIdParamsSchema,
        body: boardSettingsSchema,
        response: { 200: boardSettingsSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const storeId = request.params.id;
      const body = request.body;
      const { settings, resumed } = await db.transaction(async (tx) => {
        const before = await settingsOf(tx, storeId, true);
        const [after] = await tx
          .update(stores)
          .set({
            autoPauseEnabled: body.auto_pause_enabled,
            autoPauseAfterMinutes: body.auto_pause_after_minutes,
            autoRejectAfterMinutes: body.auto_reject_after_minutes,
            chimeLouderAfterMinutes: body.chime_louder_after_minutes,
            printOnAccept: body.print_on_accept,
          })
          .where(eq(stores.id, storeId))
          .returning(settingsColumns);
        if (!after) throw storeNotFound(storeId);
        const lifted = body.auto_pause_enabled
          ? []
          : await tx
              .update(stores)
              .set({ orderingPaused: false, orderingPausedUntil: null, orderingPausedBy: null })
              .where(and(eq(stores.id, storeId), eq(stores.orderingPausedBy, 'auto')))
              .returning({ id: stores.id });
        await tx.insert(auditLog).values({
          storeId,
          actorKind: 'staff',
          actorUserId: staffId(request),
          entity: 'store',
          entityId: String(storeId),
          action: 'board_settings',
          before: renderSettings(before),
          after: { ...renderSettings(after), ...(lifted.length > 0 ? { auto_pause_lifted: true } : {}) },
        });
        return { settings: renderSettings(after), resumed: lifted.length > 0 };
      });
      if (resumed) await app.storeStatus.changed(storeId);
      return settings;
    },
  );
};

export default boardRoutes;
