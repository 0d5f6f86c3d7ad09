import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeSockets, type FakeSocket } from '../../lib/test-socket.ts';
import { createTestQueryClient } from '../../lib/testing.tsx';
import { RECOMPUTE_MS, STALE_AFTER_MS, startStoreStatus } from './status-connection.ts';
import { useStoreStatus } from './store-status-store.ts';
import { statusMessage } from './test-status.ts';
import { useStoreStatusConnection } from './use-store-status-connection.ts';

let fake: ReturnType<typeof installFakeSockets>;
let stop: (() => void) | undefined;

const status = () => useStoreStatus.getState().status;

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** Starts the connection with jitter pinned to half of each ceiling. */
function start(): FakeSocket {
  stop = startStoreStatus({ random: () => 0.5 });
  return fake.latest();
}

beforeEach(() => {
  fake = installFakeSockets();
  useStoreStatus.setState({ status: { kind: 'connecting' }, revision: 0, menuVersion: undefined });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  stop?.();
  stop = undefined;
  fake.restore();
  vi.useRealTimers();
  vi.restoreAllMocks();
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('the live store status connection', () => {
  it('connects when the shop starts and closes when it goes away', async () => {
    const client = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    const { unmount } = renderHook(() => useStoreStatusConnection(), { wrapper });
    await waitFor(() => expect(fake.sockets).toHaveLength(1));
    const socket = fake.latest();
    expect(socket.url).toBe(`ws://${location.host}/api/ws/store/13/status`);
    expect(status()).toEqual({ kind: 'connecting' });
    socket.open();
    socket.push(statusMessage());
    expect(status()).toEqual({ kind: 'open', closesAt: '14:30' });
    unmount();
    expect(socket.closedBy).toEqual({ code: 1000 });
  });

  it('reads the menu again when its version moves (staff changed it), not on the first message or a repeat', async () => {
    const client = createTestQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    stop = startStoreStatus({ random: () => 0.5, queryClient: client });
    const socket = fake.latest();
    socket.open();
    socket.push({ ...statusMessage(), menu_version: 'v1' });
    socket.push({ ...statusMessage(), menu_version: 'v1' });
    expect(invalidate).not.toHaveBeenCalled();
    socket.push({ ...statusMessage(), menu_version: 'v2' });
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(5));
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['products'],
      ['categories'],
      ['store'],
      ['discounts'],
      ['postcodes'],
    ]);
  });

  it('reads the menu again when the first message names another version than the page was rendered from', async () => {
    // A dish sold out between the server's render and the channel opening: the cart must hear of it.
    useStoreStatus.setState({ menuVersion: 'rendered' });
    const client = createTestQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    stop = startStoreStatus({ random: () => 0.5, queryClient: client });
    const socket = fake.latest();
    socket.open();
    socket.push({ ...statusMessage(), menu_version: 'changed meanwhile' });
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(5));
  });

  it('does not read the menu again when the first message names the version the page was rendered from', () => {
    useStoreStatus.setState({ menuVersion: 'rendered' });
    const client = createTestQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    stop = startStoreStatus({ random: () => 0.5, queryClient: client });
    const socket = fake.latest();
    socket.open();
    socket.push({ ...statusMessage(), menu_version: 'rendered' });
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('shows each message as the live status, and a message with an error as closed', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T11:00:00Z') });
    const socket = start();
    socket.open();
    expect(status()).toEqual({ kind: 'connecting' });
    socket.push(statusMessage());
    expect(status()).toEqual({ kind: 'open', closesAt: '14:30' });
    socket.push({ error: 'store status unavailable' });
    expect(status()).toEqual({ kind: 'unavailable' });
    socket.push(statusMessage({ pause: { paused: true, until: '2026-11-23T12:30:00+01:00' } }));
    expect(status()).toEqual({ kind: 'paused', until: '12:30' });
    socket.push(statusMessage({ is_open: false, pause: { paused: true, until: null, reason: 'auto' } }));
    expect(status()).toEqual({ kind: 'paused', until: null, auto: true });
    socket.push('not json');
    expect(status()).toEqual({ kind: 'unavailable' });
    socket.push(
      statusMessage({
        today_hours: [],
        closure: { id: 1, starts_on: '2026-11-23', ends_on: '2026-11-24', reason: 'Betriebsferien' },
        reopens: { date: '2026-11-27', time: '11:30' },
      }),
    );
    expect(status()).toEqual({
      kind: 'closure',
      reason: 'Betriebsferien',
      reopens: { date: '2026-11-27', time: '11:30' },
    });
    socket.push({ today_hours: 'nonsense' });
    expect(status()).toEqual({ kind: 'unavailable' });
  });

  it('says closed while the connection is lost and reconnects after growing, jittered waits', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T11:00:00Z') });
    const first = start();
    first.open();
    first.push(statusMessage());
    first.drop();
    expect(status()).toEqual({ kind: 'reconnecting' });

    // Ceilings of 1, 2, 4, 8, 16, 30, 30 s; the pinned jitter waits half of each.
    const waits = [500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000];
    for (const wait of waits) {
      const opened = fake.sockets.length;
      vi.advanceTimersByTime(wait - 1);
      expect(fake.sockets).toHaveLength(opened);
      vi.advanceTimersByTime(1);
      expect(fake.sockets).toHaveLength(opened + 1);
      fake.latest().drop();
      expect(status()).toEqual({ kind: 'reconnecting' });
    }

    // A good message starts the waits from 1 s again.
    vi.advanceTimersByTime(15_000);
    const back = fake.latest();
    back.open();
    back.push(statusMessage({ local_time: '2026-11-23T12:01:00+01:00' }));
    expect(status()).toEqual({ kind: 'open', closesAt: '14:30' });
    back.drop();
    const opened = fake.sockets.length;
    vi.advanceTimersByTime(500);
    expect(fake.sockets).toHaveLength(opened + 1);
  });

  it('spreads the waits with the random source over the whole ceiling', () => {
    vi.useFakeTimers();
    const draws = [0.1, 0.9];
    stop = startStoreStatus({ random: () => draws.shift() ?? 0 });
    fake.latest().drop();
    vi.advanceTimersByTime(99);
    expect(fake.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(fake.sockets).toHaveLength(2);
    fake.latest().drop();
    vi.advanceTimersByTime(1_799);
    expect(fake.sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(fake.sockets).toHaveLength(3);
  });

  it('opens again at once when the tab becomes visible, not while it is still open', () => {
    vi.useFakeTimers();
    const first = start();
    first.open();
    setVisibility('visible');
    expect(fake.sockets).toHaveLength(1);

    first.drop();
    setVisibility('hidden');
    expect(fake.sockets).toHaveLength(1);
    setVisibility('visible');
    expect(fake.sockets).toHaveLength(2);
    // The pending retry was replaced, not added to.
    vi.advanceTimersByTime(60_000);
    expect(fake.sockets).toHaveLength(2);
  });

  it('closes when the page is left and opens again when it is restored from the back/forward cache', () => {
    vi.useFakeTimers();
    const socket = start();
    socket.open();
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    expect(socket.closedBy).toEqual({ code: 1000 });
    vi.advanceTimersByTime(60_000);
    expect(fake.sockets).toHaveLength(1);
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(fake.sockets).toHaveLength(2);
  });

  it('does not reconnect to an unknown store (4404), even when the tab comes back', () => {
    vi.useFakeTimers();
    const socket = start();
    socket.open();
    socket.push({ error: 'unknown store' });
    socket.drop(4404);
    expect(status()).toEqual({ kind: 'unavailable' });
    vi.advanceTimersByTime(120_000);
    setVisibility('visible');
    expect(fake.sockets).toHaveLength(1);
  });

  it('drops a connection that has gone silent and connects again', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T11:00:00Z') });
    const socket = start();
    socket.open();
    socket.push(statusMessage());
    vi.advanceTimersByTime(STALE_AFTER_MS - 1);
    expect(status().kind).toBe('open');
    vi.advanceTimersByTime(1);
    expect(socket.closedBy).not.toBeNull();
    expect(status()).toEqual({ kind: 'reconnecting' });
    vi.advanceTimersByTime(500);
    expect(fake.sockets).toHaveLength(2);
  });
});

describe('the server-synchronised clock', () => {
  it('is right although the device clock is hours off, and flips at the store’s closing minute within 6 s', () => {
    // The device thinks it is 03:00 UTC; the store's clock says 21:59:30 in Berlin.
    vi.useFakeTimers({ now: new Date('2026-11-23T03:00:00Z') });
    const socket = start();
    socket.open();
    socket.push(statusMessage({ local_time: '2026-11-23T21:59:30+01:00' }));
    expect(status()).toEqual({ kind: 'open', closesAt: '22:00' });

    vi.advanceTimersByTime(24_000); // 21:59:54 on the store's clock
    expect(status()).toEqual({ kind: 'open', closesAt: '22:00' });
    vi.advanceTimersByTime(RECOMPUTE_MS); // 22:00:00: the recompute sees the close
    expect(status()).toEqual({ kind: 'closed_today', reopens: { date: '2026-11-24', time: '11:30' } });
  });

  it('opens at the next slot on the store’s clock when the device runs ahead', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T09:00:00Z') });
    const socket = start();
    socket.open();
    socket.push(statusMessage({ local_time: '2026-11-23T16:59:57+01:00' }));
    expect(status()).toEqual({ kind: 'opens_at', time: '17:00' });
    vi.advanceTimersByTime(RECOMPUTE_MS);
    expect(status()).toEqual({ kind: 'open', closesAt: '22:00' });
  });
});

describe('the offer revision', () => {
  it('grows when open turns closed or hours, pause or closure change, not on every message', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T11:00:00Z') });
    const socket = start();
    socket.open();
    socket.push(statusMessage());
    expect(useStoreStatus.getState().revision).toBe(0);
    socket.push(statusMessage({ local_time: '2026-11-23T12:01:00+01:00' }));
    expect(useStoreStatus.getState().revision).toBe(0);
    socket.push(statusMessage({ pause: { paused: true, until: null } }));
    expect(useStoreStatus.getState().revision).toBe(1);
    socket.push(statusMessage());
    expect(useStoreStatus.getState().revision).toBe(2);
    socket.drop();
    expect(useStoreStatus.getState().revision).toBe(3);
  });
});
