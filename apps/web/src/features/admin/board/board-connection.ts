import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADMIN_HEARTBEAT_MS, adminOrdersEventSchema, type Order } from '@pizzeria/domain';
import { apiSocketUrl, createLiveSocket, followPageLifecycle } from '../../../lib/live-socket.ts';
import { invalidateAnew } from '../../../lib/invalidate-anew.ts';
import { staffAccessToken } from '../auth/staff-session.ts';
import { BOARD_QUERY_KEY, upsertBoardOrder } from './api/board-query.ts';
import { PAYMENT_REVIEWS_QUERY_KEY } from './api/payment-reviews.ts';

export type ConnectionStatus = 'connecting' | 'live' | 'offline';

export interface BoardConnection {
  status: ConnectionStatus;
  /** When the board last stopped being live (or began connecting), `Date.now()` ms; null while live. */
  downSince: number | null;
}

/** Three heartbeats missed: the connection is dead even if the socket never said so. */
const STALE_AFTER_MS = ADMIN_HEARTBEAT_MS * 3;
/**
 * The board tries again at least this often while the connection is gone: after a server restart it is
 * back within a second or two, before an order placed meanwhile has waited. The order page's customers,
 * many at once, keep the gentler growing backoff.
 */
export const BOARD_RETRY_MAX_MS = 1_000;
/** How often the board looks whether its access token was renewed, to hand the new one to the server. */
const TOKEN_CHECK_MS = 30_000;

/**
 * The board's live channel (`WS /api/ws/admin/orders`). Every time it becomes ready (the first time and
 * after every reconnect) the board's list is read again, so an order placed while the board was away
 * arrives all the same and rings. New and changed orders go into the list as they come. The access token
 * is renewed on the open socket; a refusal renews it before the next attempt.
 */
export function useBoardConnection(): BoardConnection {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'de';
  const [connection, setConnection] = useState<BoardConnection>(() => ({
    status: 'connecting',
    downSince: Date.now(),
  }));

  useEffect(() => {
    let send: ((message: unknown) => void) | null = null;
    let sentToken: string | null = null;
    let renew = false;
    let stopped = false;
    let heardDuringRead: Order[] | null = null;

    const authorise = async (deliver: (message: unknown) => void) => {
      try {
        const token = await staffAccessToken({ renew });
        renew = false;
        if (stopped || send !== deliver) return;
        sentToken = token;
        deliver({ type: 'auth', access_token: token });
      } catch {
        // Signed out: the guard takes the device to the login. No token now (the network is gone): the
        // server closes the socket that never authorised, and the next attempt comes after the backoff.
      }
    };

    const live = createLiveSocket({
      url: apiSocketUrl(`/ws/admin/orders?lang=${language}`),
      staleAfterMs: STALE_AFTER_MS,
      retryMaxMs: BOARD_RETRY_MAX_MS,
      onOpen: (deliver) => {
        send = deliver;
        void authorise(deliver);
      },
      onMessage: (payload) => {
        const event = adminOrdersEventSchema.safeParse(payload);
        if (!event.success) return false;
        switch (event.data.type) {
          case 'ready': {
            setConnection({ status: 'live', downSince: null });
            // The list is read again; orders the channel brings meanwhile go into the list it answers
            // with too, or the older read would take them away again (and their chime with them). A
            // read still under way (the board's first) may have begun before an order the channel will
            // not bring: `invalidateAnew` cancels it and reads the list anew (this page watches it).
            const meanwhile: Order[] = [];
            heardDuringRead = meanwhile;
            void invalidateAnew(queryClient, { queryKey: PAYMENT_REVIEWS_QUERY_KEY });
            void invalidateAnew(queryClient, { queryKey: BOARD_QUERY_KEY }).finally(() => {
              if (heardDuringRead !== meanwhile) return;
              heardDuringRead = null;
              for (const order of meanwhile) upsertBoardOrder(queryClient, order);
            });
            return true;
          }
          case 'heartbeat':
            return true;
          case 'order_created':
          case 'order_updated':
            upsertBoardOrder(queryClient, event.data.order);
            heardDuringRead?.push(event.data.order);
            void invalidateAnew(queryClient, { queryKey: ['admin', 'order', event.data.order.id] });
            // Today's figures change with every order and decision.
            void invalidateAnew(queryClient, { queryKey: ['admin', 'reports'] });
            // A payment changed (a refund failed or went through, a reversal, staff marked one as done).
            if (event.data.order.payment_status !== null)
              void invalidateAnew(queryClient, { queryKey: PAYMENT_REVIEWS_QUERY_KEY });
            return true;
          case 'error':
            if (event.data.code === 'unauthorized') renew = true;
            return false;
        }
      },
      onDown: () => {
        send = null;
        sentToken = null;
        setConnection((current) =>
          current.status === 'live' ? { status: 'offline', downSince: Date.now() } : { ...current, status: 'offline' },
        );
      },
    });

    const tokenCheck = setInterval(() => {
      const deliver = send;
      if (!deliver) return;
      staffAccessToken()
        .then((token) => {
          if (send === deliver && token !== sentToken) {
            sentToken = token;
            deliver({ type: 'auth', access_token: token });
          }
        })
        .catch(() => undefined);
    }, TOKEN_CHECK_MS);

    live.connect();
    const untie = followPageLifecycle(live);
    return () => {
      stopped = true;
      clearInterval(tokenCheck);
      untie();
      live.close();
    };
  }, [language, queryClient]);

  return connection;
}
