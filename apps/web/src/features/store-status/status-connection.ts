import type { QueryClient } from '@tanstack/react-query';
import {
  CHANNEL_CLOSE,
  STORE_ID,
  liveStoreStatus,
  storeStatusEventSchema,
  type StoreStatusMessage,
} from '@pizzeria/domain';
import { invalidateAnew } from '../../lib/invalidate-anew.ts';
import { apiSocketUrl, createLiveSocket, followPageLifecycle, type OpenSocket } from '../../lib/live-socket.ts';
import { useStoreStatus, type StoreStatusView } from './store-status-store.ts';

/** docs/product/times.md: the status is recomputed every 6 s, so a slot opening or closing shows within 6 s. */
export const RECOMPUTE_MS = 6_000;
/** The server speaks at every minute boundary: a connection silent for longer is dead. */
export const STALE_AFTER_MS = 90_000;

export interface StoreStatusOptions {
  storeId?: number;
  openSocket?: OpenSocket;
  random?: () => number;
  /** Where the shop's catalogue queries live: refreshed when staff change the menu (its `menu_version` moves). */
  queryClient?: QueryClient;
}

/** What the shop reads of the catalogue: every query to refresh when staff change it. */
export const CATALOGUE_QUERY_KEYS = ['products', 'categories', 'store', 'discounts', 'postcodes'] as const;

function sameStatus(a: StoreStatusView, b: StoreStatusView): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Connects to `WS /api/ws/store/{id}/status` and keeps `useStoreStatus` true to it until the returned
 * function is called. The device's clock may be off by hours: "now" is the server's clock, kept as an
 * offset from the last message's `local_time`.
 */
export function startStoreStatus(options: StoreStatusOptions = {}): () => void {
  let message: StoreStatusMessage | null = null;
  let offset = 0;
  let problem: 'reconnecting' | 'unavailable' | null = null;
  let offer: string | null = null;
  let menuVersion: string | undefined = useStoreStatus.getState().menuVersion;

  const publish = () => {
    const status: StoreStatusView = problem
      ? { kind: problem }
      : message
        ? liveStoreStatus(message, new Date(Date.now() + offset))
        : { kind: 'connecting' };
    // What the server would offer: open or not, and the facts its time slots follow.
    const nextOffer = message
      ? JSON.stringify([status.kind === 'open', message.today_hours, message.pause, message.closure])
      : null;
    const offerChanged = offer !== null && nextOffer !== offer;
    offer = nextOffer ?? offer;
    const current = useStoreStatus.getState();
    if (sameStatus(current.status, status) && !offerChanged) return;
    useStoreStatus.setState({
      status: sameStatus(current.status, status) ? current.status : status,
      revision: current.revision + (offerChanged ? 1 : 0),
    });
  };

  const live = createLiveSocket({
    url: apiSocketUrl(`/ws/store/${options.storeId ?? STORE_ID}/status`),
    finalCloseCodes: [CHANNEL_CLOSE.notFound, CHANNEL_CLOSE.unauthorized, CHANNEL_CLOSE.badMessage],
    staleAfterMs: STALE_AFTER_MS,
    random: options.random,
    openSocket: options.openSocket,
    onMessage(payload) {
      const event = storeStatusEventSchema.safeParse(payload);
      if (!event.success || 'error' in event.data) {
        if (problem !== 'unavailable') console.warn('The store status is unavailable', payload);
        problem = 'unavailable';
        publish();
        return false;
      }
      message = event.data;
      offset = Date.parse(message.local_time) - Date.now();
      if (menuVersion !== undefined && message.menu_version !== menuVersion) {
        const { queryClient } = options;
        if (queryClient) for (const key of CATALOGUE_QUERY_KEYS) void invalidateAnew(queryClient, { queryKey: [key] });
      }
      menuVersion = message.menu_version;
      problem = null;
      publish();
      return true;
    },
    onDown({ retrying }) {
      problem = retrying ? 'reconnecting' : 'unavailable';
      publish();
    },
  });

  const recompute = setInterval(publish, RECOMPUTE_MS);
  const untie = followPageLifecycle(live);
  live.connect();
  return () => {
    clearInterval(recompute);
    untie();
    live.close();
  };
}
