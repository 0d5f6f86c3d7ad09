import { useCallback, useEffect, useState } from 'react';
import { pushSubscriptionRequestSchema } from '@pizzeria/domain';
import { deleteSubscription } from './api/delete-subscription.ts';
import { getPushKey } from './api/get-push-key.ts';
import { saveSubscription } from './api/save-subscription.ts';
import { backOfficeWorker, existingWorker, keyBytes, pushSupported } from './service-worker-registration.ts';

/**
 * Where this device stands: the browser cannot push (`unsupported`), the person refused notifications for
 * the shop in the browser (`denied`: only the browser's site settings can undo that), or they are on or off.
 */
export type PushState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

/** Sends this browser's subscription to the server, tied to this device's staff session. */
async function tellServer(subscription: PushSubscription): Promise<void> {
  await saveSubscription(pushSubscriptionRequestSchema.parse(subscription.toJSON()));
}

/**
 * This device's notifications for new orders (docs/product/back-office.md). On: asks the browser's permission,
 * registers the service worker, subscribes with the server's key and sends the subscription. A subscription
 * the browser already has is sent again when the page opens, so the server knows it under this sign-in.
 */
export function usePushNotifications() {
  const [state, setState] = useState<PushState>('checking');
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    async function check(): Promise<PushState> {
      if (!pushSupported()) return 'unsupported';
      if (Notification.permission === 'denied') return 'denied';
      const subscription = await (await existingWorker())?.pushManager.getSubscription();
      if (!subscription || Notification.permission !== 'granted') return 'off';
      await tellServer(subscription);
      return 'on';
    }
    check()
      .then((found) => live && setState(found))
      .catch((error: unknown) => {
        console.error('Could not read this device’s notification state', error);
        if (live) setState('off');
      });
    return () => {
      live = false;
    };
  }, []);

  const turnOn = useCallback(async () => {
    if ((await Notification.requestPermission()) !== 'granted') {
      setState(Notification.permission === 'denied' ? 'denied' : 'off');
      return;
    }
    const registration = await backOfficeWorker();
    const key = keyBytes(await getPushKey());
    // A subscription made with another key (the server's was replaced) cannot be renewed: it goes first.
    const old = await registration.pushManager.getSubscription();
    if (old) await old.unsubscribe();
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    await tellServer(subscription);
    setState('on');
  }, []);

  const turnOff = useCallback(async () => {
    await deleteSubscription();
    await (await (await existingWorker())?.pushManager.getSubscription())?.unsubscribe();
    setState('off');
  }, []);

  const toggle = useCallback(() => {
    if (pending || (state !== 'on' && state !== 'off')) return;
    setPending(true);
    setFailed(false);
    (state === 'on' ? turnOff() : turnOn())
      .catch((error: unknown) => {
        console.error('Could not change this device’s notifications', error);
        setFailed(true);
      })
      .finally(() => setPending(false));
  }, [pending, state, turnOff, turnOn]);

  return { state, pending, failed, toggle };
}
