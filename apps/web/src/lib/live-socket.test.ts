import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETRY_MAX_MS, createLiveSocket, retryDelay } from './live-socket.ts';
import { FakeSocket } from './test-socket.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('retry waits', () => {
  it('double from 1 s up to 30 s, with the random share taken from the whole ceiling', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 12].map((attempt) => retryDelay(attempt, () => 1))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(retryDelay(3, () => 0)).toBe(0);
    expect(retryDelay(3, () => 0.25)).toBe(2_000);
    for (let attempt = 0; attempt < 40; attempt += 1) expect(retryDelay(attempt)).toBeLessThanOrEqual(RETRY_MAX_MS);
  });

  it('stay under a lower ceiling when the caller sets one', () => {
    expect([0, 1, 5, 30].map((attempt) => retryDelay(attempt, () => 1, 1_000))).toEqual([1_000, 1_000, 1_000, 1_000]);
  });
});

describe('a live socket', () => {
  it('treats a socket that cannot even be created as down, and tries again', () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const downs: boolean[] = [];
    let calls = 0;
    const live = createLiveSocket({
      url: 'ws://shop.test/api/ws/x',
      random: () => 1,
      openSocket: (url) => {
        calls += 1;
        if (calls === 1) throw new DOMException('blocked', 'SecurityError');
        return new FakeSocket(url);
      },
      onMessage: () => true,
      onDown: ({ retrying }) => downs.push(retrying),
    });
    live.connect();
    expect(downs).toEqual([true]);
    vi.advanceTimersByTime(1_000);
    expect(calls).toBe(2);
    live.close();
  });

  it('with a ceiling of 1 s, is back within a second of the server, however long it was gone', () => {
    vi.useFakeTimers();
    const sockets: FakeSocket[] = [];
    const live = createLiveSocket({
      url: 'ws://shop.test/api/ws/x',
      random: () => 1,
      retryMaxMs: 1_000,
      openSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
      onMessage: () => true,
      onDown: () => undefined,
    });
    live.connect();
    // A minute of refused attempts: each new socket fails at once.
    for (let second = 0; second < 60; second += 1) {
      sockets.at(-1)?.drop();
      vi.advanceTimersByTime(1_000);
    }
    // The last refused attempt; the server is back for the next one.
    sockets.at(-1)?.drop();
    const before = sockets.length;
    vi.advanceTimersByTime(1_000);
    expect(sockets.length).toBe(before + 1);
    live.close();
  });

  it('authorises on open and stays ended after finish()', () => {
    const sockets: FakeSocket[] = [];
    const live = createLiveSocket({
      url: 'ws://shop.test/api/ws/orders/1',
      openSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
      onOpen: (send) => send({ type: 'auth', tracking_token: 't' }),
      onMessage: () => true,
      onDown: () => undefined,
    });
    live.connect();
    sockets[0]?.open();
    expect(sockets[0]?.sent).toEqual([{ type: 'auth', tracking_token: 't' }]);
    live.finish();
    expect(sockets[0]?.closedBy).toEqual({ code: 1000 });
    live.connect();
    expect(sockets).toHaveLength(1);
  });
});
