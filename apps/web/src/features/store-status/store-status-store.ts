import { createStore, useStore } from 'zustand';
import type { LiveStoreStatus } from '@pizzeria/domain';

/**
 * What the shop knows about the restaurant taking orders right now: the live status of the domain, or
 * one of the states of the connection that delivers it.
 */
export type StoreStatusView =
  | LiveStoreStatus
  /** No message yet: neither open nor closed. */
  | { kind: 'connecting' }
  /** The connection dropped and is being restored: closed until it is (docs/product/times.md). */
  | { kind: 'reconnecting' }
  /** The server cannot say (an `{error}`, a broken message, an unknown store): closed (docs/product/times.md). */
  | { kind: 'unavailable' };

interface StoreStatusState {
  status: StoreStatusView;
  /**
   * Grows when what the restaurant offers may have changed (open ↔ closed, other hours, a pause, a
   * closure), so screens holding the server's offer (the checkout's time slots) ask again.
   */
  revision: number;
  /**
   * The menu's version the server rendered the page's catalogue from (`seedShopData`): the live channel's
   * first message is compared with it, so staff's change between the render and the channel opening
   * (a dish sold out meanwhile) is not missed.
   */
  menuVersion?: string;
}

const statusStore = createStore<StoreStatusState>()(() => ({ status: { kind: 'connecting' }, revision: 0 }));

/**
 * The server renders the menu page with the status of the moment, and the browser's first render starts
 * on the same (`seedShopData`, before either renders): the status a render on the server or a hydration
 * reads is the store as it is then, not as it was created (zustand's default), so the hydrated pill
 * matches the page and is not rendered a second time.
 */
const seededStatusStore = { ...statusStore, getInitialState: statusStore.getState };

/**
 * Filled by the live connection, a lazy chunk started after the first render: the first load carries
 * only this store and the status pill (docs/decisions/003).
 */
export const useStoreStatus = Object.assign(
  <T>(selector: (state: StoreStatusState) => T): T => useStore(seededStatusStore, selector),
  statusStore,
);

/** Known not to take orders now; while the first message is still on its way nothing is known. */
export function isClosedNow(status: StoreStatusView): boolean {
  return status.kind !== 'open' && status.kind !== 'connecting';
}
