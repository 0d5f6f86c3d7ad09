import webpush from 'web-push';
import type { PushNotification, WebPushVapidSetting } from '@pizzeria/domain';
import type { StoredSubscription } from './subscriptions.ts';

/** A new order is news for ten minutes; a tablet off the network longer learns of it from the board. */
export const NOTICE_TTL_SECONDS = 10 * 60;
/** How long one push service may take to answer before the send counts as failed. */
const SEND_TIMEOUT_MS = 10_000;

/** What became of one send: delivered, gone for good (404/410: forget it), or failed this time. */
export type SendOutcome = { kind: 'sent' } | { kind: 'gone' } | { kind: 'failed'; reason: string };

/**
 * Encrypts the notification for one subscription (aes128gcm, signed with the server's VAPID key, by
 * web-push) and posts it to its push service with `fetch`, which, unlike web-push's own https-only
 * request, also reaches a local push service in the tests.
 */
export async function sendNotice(
  subscription: StoredSubscription,
  notice: PushNotification,
  vapid: WebPushVapidSetting & { subject: string },
): Promise<SendOutcome> {
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(notice),
    {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.public_key, privateKey: vapid.private_key },
      TTL: NOTICE_TTL_SECONDS,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
    },
  );
  try {
    const answer = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body === null ? null : new Uint8Array(request.body),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      redirect: 'error',
    });
    await answer.body?.cancel();
    if (answer.status === 404 || answer.status === 410) return { kind: 'gone' };
    if (!answer.ok) return { kind: 'failed', reason: `push service answered ${answer.status}` };
    return { kind: 'sent' };
  } catch (error) {
    return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
}
