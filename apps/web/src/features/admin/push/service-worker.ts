// The back office's service worker (scope /order-online/admin/), built to /order-online/admin/sw.js by
// vite.config.ts. It only shows the notification the server pushes for a new order, with the back office's
// tab closed too, and on a tap brings the kitchen board to the front; when the customer cancels the order
// before anyone answered it, the server pushes that too and the worker closes the order's notification. It imports nothing: it is one plain
// script, and nothing of it reaches the storefront.

/**
 * The part of a service worker's global scope this worker uses: the app compiles with the DOM's library,
 * which does not describe a worker's (and cannot be mixed with the WebWorker library).
 */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  readonly registration: ServiceWorkerRegistration;
  readonly location: Location;
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}

const worker = self as unknown as WorkerScope;

/** Where a tap leads when the push names nowhere: the kitchen board. */
const BOARD = '/order-online/admin/home';
const ICON = '/order-online/admin/icon-192.png';
/** Long enough to notice in a noisy kitchen: buzz, pause, buzz, pause, long buzz. */
const VIBRATION = [300, 150, 300, 150, 600];

/**
 * What the server pushes (pushNotificationSchema in packages/domain, checked by hand here): a new order's
 * notification, or the word that the customer cancelled it, whose notification then goes.
 */
type Notice =
  | { kind: 'order_created'; order_id: number; title: string; body: string; url: string }
  | { kind: 'order_cancelled'; order_id: number };

function noticeOf(data: unknown): Notice | null {
  if (typeof data !== 'object' || data === null) return null;
  const { kind, order_id, title, body, url } = data as Record<string, unknown>;
  if (typeof order_id !== 'number') return null;
  if (kind === 'order_cancelled') return { kind, order_id };
  // A push without a kind is a new order's, as before there were two.
  if ((kind !== undefined && kind !== 'order_created') || typeof title !== 'string' || typeof body !== 'string')
    return null;
  return {
    kind: 'order_created',
    order_id,
    title,
    body,
    url: typeof url === 'string' && url.startsWith('/') ? url : BOARD,
  };
}

/** The notification of the order, if it is still shown: closed, and nothing shown instead. */
async function withdraw(orderId: number): Promise<void> {
  const shown = await worker.registration.getNotifications({ tag: `order-${orderId}` });
  for (const notification of shown) notification.close();
}

function payloadOf(event: PushEvent): unknown {
  try {
    return event.data?.json() ?? null;
  } catch {
    return null;
  }
}

// A new version takes over at once: it only shows notifications, there is no page state to keep.
worker.addEventListener('install', (event) => event.waitUntil(worker.skipWaiting()));
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));

worker.addEventListener('push', (event) => {
  const notice = noticeOf(payloadOf(event));
  if (!notice) return;
  if (notice.kind === 'order_cancelled') {
    event.waitUntil(withdraw(notice.order_id));
    return;
  }
  const options: NotificationOptions & { vibrate: number[]; renotify: boolean; requireInteraction: boolean } = {
    body: notice.body,
    // One notification per order: a repeat of the same push replaces it instead of stacking up.
    tag: `order-${notice.order_id}`,
    renotify: true,
    // It stays until someone in the kitchen deals with it.
    requireInteraction: true,
    vibrate: VIBRATION,
    icon: ICON,
    badge: ICON,
    data: { url: notice.url },
  };
  event.waitUntil(worker.registration.showNotification(notice.title, options));
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const target = new URL(typeof data?.url === 'string' ? data.url : BOARD, worker.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const board = windows.find((client) => client.url === target);
      if (board) return board.focus();
      const backOffice = windows.find((client) => new URL(client.url).pathname.startsWith('/order-online/admin/'));
      if (backOffice) return (await backOffice.navigate(target))?.focus() ?? backOffice.focus();
      return worker.clients.openWindow(target);
    })(),
  );
});
