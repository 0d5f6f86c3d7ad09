import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CHANNEL_CLOSE, orderChannelEventSchema, type ChannelAuth, type Order } from '@pizzeria/domain';
import { apiSocketUrl, createLiveSocket, followPageLifecycle } from '../../lib/live-socket.ts';
import { isFinished, orderQueryOptions, useOrder } from './api/get-order.ts';

/**
 * The order, followed live over `WS /api/ws/orders/{id}`: every `order` message replaces the
 * cached order, so the page turns accepted or rejected the moment the restaurant decides, and later
 * ready, completed or cancelled. The channel reconnects with backoff and when the tab comes
 * back, and stops once the order is finished (rejected, completed, cancelled) or the
 * server refuses for good. While it is down, the order is fetched over HTTP now and then instead.
 *
 * A guest's tracking token (the order link's `token`) wins over the signed-in owner's bearer token.
 */
export function useLiveOrder(id: number, trackingToken: string | null, accessToken: string | null) {
  const queryClient = useQueryClient();
  // The order's texts (dish names) come in the shop's language; switching it reconnects.
  const language = useTranslation().i18n.language === 'en' ? 'en' : 'de';
  const key = `${id}\n${trackingToken ?? ''}\n${accessToken ?? ''}`;
  const [liveFor, setLiveFor] = useState<string | null>(null);
  const order = useOrder(id, trackingToken, liveFor === key);
  const finished = order.data !== undefined && isFinished(order.data);

  useEffect(() => {
    // Credentials travel in the first message, not in the URL, which proxies log.
    const auth: ChannelAuth | null = trackingToken
      ? { type: 'auth', tracking_token: trackingToken }
      : accessToken
        ? { type: 'auth', access_token: accessToken }
        : null;
    if (finished || !auth) return;
    const { queryKey } = orderQueryOptions(id, trackingToken);
    const channel = createLiveSocket({
      url: apiSocketUrl(`/ws/orders/${id}?lang=${language}`),
      finalCloseCodes: [CHANNEL_CLOSE.unauthorized, CHANNEL_CLOSE.notFound, CHANNEL_CLOSE.badMessage],
      onOpen: (send) => send(auth),
      onMessage(payload) {
        const event = orderChannelEventSchema.safeParse(payload);
        if (!event.success || event.data.type === 'error') {
          if (!event.success) console.warn('Ignoring an unreadable order message', payload);
          setLiveFor(null);
          return false;
        }
        const { order: pushed } = event.data;
        setLiveFor(key);
        // A GET still on its way would answer with an older state: it must not overwrite the pushed one.
        void queryClient
          .cancelQueries({ queryKey, exact: true })
          .then(() =>
            queryClient.setQueryData<Order>(queryKey, (known) =>
              known && known.revision > pushed.revision ? known : pushed,
            ),
          );
        if (isFinished(pushed)) channel.finish();
        return true;
      },
      onDown: () => setLiveFor(null),
    });
    const untie = followPageLifecycle(channel);
    channel.connect();
    return () => {
      untie();
      channel.close();
    };
  }, [id, trackingToken, accessToken, finished, key, language, queryClient]);

  return order;
}
