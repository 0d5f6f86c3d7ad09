import fp from 'fastify-plugin';
import type { Order, PushNotification, PushSubscriptionRequest, WebPushVapidSetting } from '@pizzeria/domain';
import { newOrderNotice } from './new-order-notice.ts';
import { sendNotice } from './sender.ts';
import {
  activeSubscriptions,
  markSent,
  removeSubscription,
  removeSubscriptionsOf,
  saveSubscription,
} from './subscriptions.ts';
import { storedVapidKeys } from './vapid-keys.ts';

export interface PushService {
  /** The public VAPID key browsers subscribe with (base64url). */
  publicKey(): Promise<string>;
  /** Keeps the subscription of this staff device (its session). */
  subscribe(sessionId: number, subscription: PushSubscriptionRequest): Promise<void>;
  /** Forgets this device's subscription: it rings no more. */
  unsubscribe(sessionId: number): Promise<void>;
  /** Sends the new order's notification to every subscribed staff device; never rejects. */
  notifyNewOrder(order: Order): Promise<void>;
  /** Withdraws the order's notification from every subscribed staff device (the customer cancelled); never rejects. */
  notifyCancelled(order: Order): Promise<void>;
  /** Resolves once the notifications under way are sent (tests, and the server's close). */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushService;
  }
}

export interface PushPluginOptions {
  /** `PUBLIC_URL`: who sends, for the push services (VAPID's subject), when it is an https address. */
  publicUrl: string;
  /** `MAIL_FROM`: the contact push services are given otherwise. */
  mailFrom: string;
}

/** VAPID's subject must be an https address or a mailto: one; a shop on plain http gives its mail address. */
export function vapidSubject(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

/**
 * Web Push for the back office (docs/product/back-office.md): every staff device that turned notifications on
 * rings when an order is new for the kitchen, even with the back office's tab closed. The orders feature
 * tells only the instance that committed the order (`onNewOrder`), so each order is pushed once, however
 * many instances run. Sending happens after the commit and off the request: a slow or failing push service
 * never delays or fails an order.
 */
export default fp<PushPluginOptions>(
  async (app, options) => {
    const db = app.database.db;
    const subject = vapidSubject(options.publicUrl, options.mailFrom);
    let keys: Promise<WebPushVapidSetting> | undefined;
    const underWay = new Set<Promise<void>>();

    function vapid(): Promise<WebPushVapidSetting> {
      keys ??= storedVapidKeys(db).catch((error: unknown) => {
        keys = undefined;
        throw error;
      });
      return keys;
    }

    /** What to push for the order: a new one's notification, or the word to withdraw it; null: nothing. */
    async function noticeFor(order: Order, kind: PushNotification['kind']): Promise<PushNotification | null> {
      if (kind === 'order_cancelled') return { kind, order_id: order.id };
      const store = (await app.catalogue.get(order.store_id))?.store;
      return store ? newOrderNotice(order, store) : null;
    }

    async function notify(order: Order, kind: PushNotification['kind']): Promise<void> {
      const subscriptions = await activeSubscriptions(db);
      if (subscriptions.length === 0) return;
      const notice = await noticeFor(order, kind);
      if (!notice) return;
      const signing = { ...(await vapid()), subject };
      await Promise.all(
        subscriptions.map(async (subscription) => {
          const outcome = await sendNotice(subscription, notice, signing);
          if (outcome.kind === 'sent') await markSent(db, subscription.id, new Date());
          else if (outcome.kind === 'gone') await removeSubscription(db, subscription.id);
          else
            app.log.warn(
              { orderId: order.id, subscriptionId: subscription.id, reason: outcome.reason },
              'push notification not delivered',
            );
        }),
      );
    }

    const service: PushService = {
      publicKey: async () => (await vapid()).public_key,
      subscribe: (sessionId, subscription) => saveSubscription(db, sessionId, subscription),
      unsubscribe: async (sessionId) => {
        await removeSubscriptionsOf(db, sessionId);
      },
      notifyNewOrder: (order) => send(order, 'order_created'),
      notifyCancelled: (order) => send(order, 'order_cancelled'),
      settled: async () => {
        await Promise.allSettled([...underWay]);
      },
    };

    /** Sends off the request, kept until settled; never rejects. */
    function send(order: Order, kind: PushNotification['kind']): Promise<void> {
      const sending = notify(order, kind).catch((error: unknown) =>
        app.log.error({ err: error, orderId: order.id, kind }, 'could not send the order’s push notifications'),
      );
      underWay.add(sending);
      void sending.finally(() => underWay.delete(sending));
      return sending;
    }

    app.orders.onNewOrder((order) => void service.notifyNewOrder(order));
    app.orders.onCancelledByCustomer((order) => void service.notifyCancelled(order));
    app.addHook('preClose', () => service.settled());
    app.decorate('push', service);
  },
  { name: 'push', dependencies: ['database', 'catalogue', 'orders'] },
);
