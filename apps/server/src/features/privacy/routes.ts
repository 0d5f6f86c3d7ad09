import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountDeletionSchema,
  apiErrorSchema,
  guestOrderTokenQuerySchema,
  type Language,
  messageResponseSchema,
  orderIdParamsSchema,
  type PersonalDataExport,
  personalDataExportSchema,
} from '@pizzeria/domain';
import { orders, users } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { type Limit, tooMany } from '../../plugins/rate-limits.ts';
import {
  confirmOwnPassword,
  createLogin,
  DEFAULT_LOGIN_LIMITS,
  type LoginLimits,
  NO_ACCOUNT,
  signedInCustomer,
} from '../accounts/index.ts';
import {
  DEFAULT_TRACKING_FAILURES,
  holdsToken,
  ORDER_NOT_FOUND,
  tooManyLookups,
  trackingLimit,
} from '../orders/index.ts';
import { deleteAccount, eraseGuestOrder } from './erase.ts';
import { accountExport, exportFileName, guestOrderExport, readShop, type Shop } from './export.ts';

export interface PrivacyRoutesOptions {
  /** `PUBLIC_URL`: the shop's address in the file. */
  publicUrl: string;
  /** A wrong password when deleting counts as a failed login. */
  loginLimits?: LoginLimits;
  /** Guests' look-ups with a wrong tracking token from one client address (as the order page counts them). */
  trackingFailures?: Limit;
}

const ACCOUNT_ORDERS_OPEN = new HttpError(409, 'orders_open', {
  de: 'Sie haben noch eine offene Bestellung. Sie können Ihr Konto löschen, sobald sie abgeschlossen ist.',
  en: 'You still have an open order. You can delete your account as soon as it is completed.',
});
const GUEST_ORDER_OPEN = new HttpError(409, 'orders_open', {
  de: 'Ihre Bestellung ist noch offen. Sie können Ihre Daten löschen, sobald sie abgeschlossen ist.',
  en: 'Your order is still open. You can delete your data as soon as it is completed.',
});

const ACCOUNT_DELETED = {
  de: 'Ihr Konto und Ihre Adressen sind gelöscht. Ihre Bestellungen bleiben für die Buchhaltung ohne Ihre Kontaktdaten erhalten.',
  en: 'Your account and your addresses have been deleted. Your orders stay for the accounts, without your contact details.',
} satisfies Record<Language, string>;
const GUEST_ERASED = {
  de: 'Ihre Daten zu dieser Bestellung sind gelöscht. Die Bestellung bleibt für die Buchhaltung ohne Ihre Kontaktdaten erhalten.',
  en: 'Your data for this order has been deleted. The order stays for the accounts, without your contact details.',
} satisfies Record<Language, string>;

/** A file to keep, not a page to show or cache. */
function asDownload(reply: FastifyReply, name: string): void {
  void reply.header('content-disposition', `attachment; filename="${name}"`);
  void reply.header('cache-control', 'no-store');
}

/** A customer's data rights (docs/product/shop.md): download everything, delete the account; guests by their order's link. */
const privacyRoutes: FastifyPluginAsyncZod<PrivacyRoutesOptions> = async (app, options) => {
  const db = app.database.db;

  /**
   * The erased orders go into the order journal as they are now (PGlite in a directory: decision 014), so a
   * recovery after a power cut writes them back erased instead of bringing the personal data back from the
   * snapshot. A journal that cannot be written is logged: the erasure is committed.
   */
  const journalErased = async (request: FastifyRequest, orderIds: number[]): Promise<void> => {
    if (orderIds.length === 0) return;
    await app.database.orderJournal
      ?.record(orderIds, 'updated')
      .catch((error: unknown) => request.log.error({ err: error, orderIds }, 'could not write the order journal'));
  };
  const login = createLogin({
    db,
    rateLimits: app.rateLimits,
    loginLimits: options.loginLimits ?? DEFAULT_LOGIN_LIMITS,
    verifyDeviceToken: app.auth.verifyDeviceToken,
  });
  const guardTracking = trackingLimit(app.rateLimits, options.trackingFailures ?? DEFAULT_TRACKING_FAILURES);

  async function download<T extends PersonalDataExport | null>(
    reply: FastifyReply,
    make: (shop: Shop, at: Date) => Promise<T>,
  ): Promise<T> {
    const at = new Date();
    const shop = await readShop(db, options.publicUrl);
    const file = await make(shop, at);
    if (file) asDownload(reply, exportFileName(shop, at));
    return file;
  }

  /** A guest's order by its id and tracking token, wrong tokens counted per client address; else a 404. */
  async function guestOrder(request: FastifyRequest, reply: FastifyReply, id: number, token: string) {
    const verdict = await guardTracking(request.ip, async () => {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      // An account's order is its customer's to ask for through the account: the same 404 as a wrong token.
      return row && row.userId === null && holdsToken(row, token) ? row : null;
    });
    if (verdict.kind === 'refused')
      throw tooMany(reply, verdict.retryAfterSeconds, 'too_many_requests', tooManyLookups);
    if (verdict.found === null) throw ORDER_NOT_FOUND;
    return verdict.found;
  }

  app.get(
    '/users/me/data',
    {
      onRequest: app.auth.requireUser,
      schema: {
        tags: ['accounts'],
        summary:
          'Everything the shop holds about the signed-in customer (GDPR Art. 15, 20), as a JSON download: ' +
          'profile, addresses, orders with items, history and payments, mails, devices, consents',
        response: { 200: personalDataExportSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const caller = signedInCustomer(request);
      const file = await download(reply, (shop, at) => accountExport(db, caller.id, shop, at));
      if (!file) throw NO_ACCOUNT;
      return file;
    },
  );

  app.post(
    '/users/me/delete',
    {
      onRequest: app.auth.requireUser,
      schema: {
        tags: ['accounts'],
        summary:
          'Delete the signed-in customer’s account (its password again): addresses and devices go, orders stay ' +
          'detached with their personal data replaced (docs/product/shop.md); an open order refuses it (409 `orders_open`)',
        body: accountDeletionSchema,
        response: {
          200: messageResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const caller = signedInCustomer(request);
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, caller.id));
      if (!user) throw NO_ACCOUNT;
      await confirmOwnPassword(
        login,
        request,
        reply,
        { id: caller.id, email: user.email },
        request.body.current_password,
      );
      const result = await deleteAccount(db, caller.id);
      if (result.kind === 'gone') throw NO_ACCOUNT;
      if (result.kind === 'orders_open') throw ACCOUNT_ORDERS_OPEN;
      await journalErased(request, result.orders);
      // No personal data in the log: the id says which account it was, and nothing about whom.
      request.log.info({ userId: caller.id, orders: result.orders.length }, 'customer account deleted');
      return { message: ACCOUNT_DELETED[request.language] };
    },
  );

  app.get(
    '/orders/:id/personal-data',
    {
      schema: {
        tags: ['orders'],
        summary:
          "A guest's data for one order, by its tracking token (`?token=`), as a JSON download; an account's order is a 404",
        params: orderIdParamsSchema,
        querystring: guestOrderTokenQuerySchema,
        response: { 200: personalDataExportSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const row = await guestOrder(request, reply, request.params.id, request.query.token);
      return download(reply, (shop, at) => guestOrderExport(db, row, shop, at));
    },
  );

  app.post(
    '/orders/:id/erase',
    {
      schema: {
        tags: ['orders'],
        summary:
          "Replace a guest's personal data in one order, by its tracking token (`?token=`): the order stays for the " +
          'accounts (docs/product/shop.md); an open order refuses it (409 `orders_open`), an account’s order is a 404',
        params: orderIdParamsSchema,
        querystring: guestOrderTokenQuerySchema,
        response: {
          200: messageResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const row = await guestOrder(request, reply, request.params.id, request.query.token);
      const result = await eraseGuestOrder(db, row.id);
      if (result === 'not_found') throw ORDER_NOT_FOUND;
      if (result === 'orders_open') throw GUEST_ORDER_OPEN;
      await journalErased(request, [row.id]);
      request.log.info({ orderId: row.id }, 'guest order personal data erased');
      return { message: GUEST_ERASED[request.language] };
    },
  );
};

export default privacyRoutes;
