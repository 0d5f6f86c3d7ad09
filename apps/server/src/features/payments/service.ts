import fp from 'fastify-plugin';
import { captureOrder } from './capture.ts';
import { createPayPalOrder, payCash, paymentMethods } from './checkout.ts';
import type { PaymentsContext } from './context.ts';
import { createPayPalClient } from './paypal-client.ts';
import { refundInBackground, retryRefund } from './refunds.ts';
import { settlementFor, sweepPayments } from './sweep.ts';
import type { PaymentsPluginOptions, PaymentsService } from './types.ts';
import { handleWebhook } from './webhooks.ts';
import { createWebhookVerifier } from './webhook-signature.ts';

export type {
  CaptureOutcome,
  OrderAccessRequest,
  PaymentsPluginOptions,
  PaymentsService,
  PayPalSettings,
  WebhookResult,
} from './types.ts';

// PayPal beside cash. The server creates the PayPal order for the amount it computed, captures
// it after the buyer's approval and believes only a COMPLETED capture of exactly that amount. Every
// change of an order's payment is one conditional UPDATE, so two instances, a webhook and a customer's
// retry arriving together change it once. Refunds and request ids make sure money moves at most once.

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsService;
  }
}

/** How often each instance sweeps (each change the sweep makes happens once, whichever instance makes it). */
const SWEEP_MS = 25_000;

/** The plugin only wires the feature's functions to the server's parts; each module says what it does. */
export default fp<PaymentsPluginOptions>(
  async (app, options) => {
    const settings = options.paypal;
    const ctx: PaymentsContext = {
      db: app.database.db,
      log: app.log,
      orders: app.orders,
      settings,
      client: settings
        ? createPayPalClient({
            baseUrl: settings.apiBase,
            clientId: settings.clientId,
            clientSecret: settings.clientSecret,
            timeoutMs: settings.timeoutMs,
          })
        : null,
      verifier:
        settings?.webhookId !== undefined && settings.webhookId !== ''
          ? createWebhookVerifier({ webhookId: settings.webhookId, apiBase: settings.apiBase })
          : null,
      now: () => app.orders.clock.now(),
    };
    const settlement = settlementFor(ctx);

    const api: PaymentsService = {
      paypal: settings ? { clientId: settings.clientId } : null,
      methods: (storeId) => paymentMethods(ctx, storeId),
      createPayPalOrder: (orderId, access) => createPayPalOrder(ctx, orderId, access),
      capture: (orderId, access, language) => captureOrder(ctx, orderId, access, language),
      payCash: (orderId, access, language) => payCash(ctx, orderId, access, language),
      retryRefund: (orderId, language) => retryRefund(ctx, orderId, language),
      refundInBackground: (orderId) => refundInBackground(ctx, orderId),
      handleWebhook: (headers, rawBody) => handleWebhook(ctx, headers, rawBody),
      sweep: () => sweepPayments(ctx, settlement),
    };

    let sweeping: Promise<void> | null = null;
    const timer = setInterval(() => {
      if (sweeping) return;
      sweeping = api
        .sweep()
        .catch((error: unknown) => app.log.error({ err: error }, 'payment sweep failed'))
        .finally(() => {
          sweeping = null;
        });
    }, SWEEP_MS);
    timer.unref();
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await sweeping;
    });

    app.decorate('payments', api);
  },
  { name: 'payments', dependencies: ['database', 'orders'] },
);
