import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@pizzeria/domain';
import type { BoardConnection } from './board-connection.ts';
import { boardSound } from './board-sound.ts';
import { FakeAudioContext, boardOrder } from './test-board.ts';
import { CHIME_EVERY_MS, LOST_ALARM_AFTER_MS, useOrderAlerts, type AlertInput } from './use-order-alerts.ts';

const NOW = new Date('2026-11-23T12:00:00.000Z');
const LIVE: BoardConnection = { status: 'live', downSince: null };

/** Placed `minutes` before the test's start. */
const placed = (id: number, minutes: number) =>
  boardOrder({ id, created_at: new Date(NOW.getTime() - minutes * 60_000).toISOString() });

function alerts(overrides: Partial<AlertInput> = {}) {
  const input: AlertInput = {
    ringing: [],
    louderAfterMinutes: 3,
    connection: LIVE,
    clockOffsetMs: 0,
    active: true,
    notificationText: (order: Order) => ({ title: `Neue Bestellung #${order.id}`, body: order.customer_name }),
    ...overrides,
  };
  const hook = renderHook((props: AlertInput) => useOrderAlerts(props), { initialProps: input });
  return {
    state: () => hook.result.current,
    change: (next: Partial<AlertInput>) => hook.rerender({ ...input, ...next }),
    unmount: () => hook.unmount(),
  };
}

const seconds = (count: number) => act(() => vi.advanceTimersByTime(count * 1_000));
const notes = () => FakeAudioContext.notes();
const CHIME = [
  { type: 'sine', frequency: 880, peak: 0.35 },
  { type: 'sine', frequency: 1175, peak: 0.35 },
];

async function startShift() {
  await act(() => boardSound.start());
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  FakeAudioContext.reset();
  vi.stubGlobal('AudioContext', FakeAudioContext);
});

afterEach(() => {
  boardSound.stop();
  boardSound.setMuted(false);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('order alerts', () => {
  it('stay silent before the shift starts, even with an order waiting', () => {
    alerts({ ringing: [placed(1, 0)], active: false });
    seconds(30);
    expect(FakeAudioContext.instances).toHaveLength(0);
    expect(notes()).toEqual([]);
  });

  it('stay silent while the shift is not active, even if the audio could play', async () => {
    await startShift();
    alerts({ ringing: [placed(1, 0)], active: false });
    seconds(30);
    expect(notes()).toEqual([]);
  });

  it('chime twice-noted for a new order, and again every 5 s', async () => {
    await startShift();
    alerts({ ringing: [placed(1, 0)] });

    seconds(1);
    expect(notes()).toEqual(CHIME);
    seconds(CHIME_EVERY_MS / 1_000 - 1);
    expect(notes()).toHaveLength(2);
    seconds(1);
    expect(notes()).toEqual([...CHIME, ...CHIME]);
    seconds(10);
    expect(notes()).toHaveLength(8);
  });

  it('chime louder, with a third note, once an order has waited the set minutes', async () => {
    await startShift();
    alerts({ ringing: [placed(1, 0), placed(2, 3)], louderAfterMinutes: 3 });
    seconds(1);
    expect(notes()).toEqual([
      { type: 'sine', frequency: 880, peak: 1 },
      { type: 'sine', frequency: 1175, peak: 1 },
      { type: 'triangle', frequency: 1568, peak: 1 },
    ]);
  });

  it('turn loud exactly when the set minutes are reached', async () => {
    await startShift();
    const justUnder = boardOrder({ id: 1, created_at: new Date(NOW.getTime() - 178_000).toISOString() });
    const hook = alerts({ ringing: [justUnder], louderAfterMinutes: 3 });
    // First tick one second on: 2:59 waited.
    seconds(1);
    expect(notes()).toHaveLength(2);
    // Next chime 5 s later: 3:04 waited.
    seconds(5);
    expect(notes()).toHaveLength(5);

    hook.unmount();
    FakeAudioContext.instances[0]?.notes.splice(0);
    alerts({ ringing: [boardOrder({ id: 2, created_at: new Date(Date.now() - 179_000).toISOString() })] });
    // 3:00 to the millisecond.
    seconds(1);
    expect(notes()).toHaveLength(3);
  });

  it('count the waiting time on the server’s clock', async () => {
    await startShift();
    // Two minutes old on this device, but the server is a minute and a half ahead: louder after 3.
    alerts({ ringing: [placed(1, 2)], louderAfterMinutes: 3, clockOffsetMs: 90_000 });
    seconds(1);
    expect(notes()).toHaveLength(3);
  });

  it('stay quiet for an order not yet old enough to be loud', async () => {
    await startShift();
    alerts({ ringing: [placed(1, 2)], louderAfterMinutes: 3 });
    seconds(1);
    expect(notes()).toEqual(CHIME);
  });

  it('do not chime with nothing ringing, and stop once the orders are opened', async () => {
    await startShift();
    const hook = alerts({ ringing: [] });
    seconds(20);
    expect(notes()).toEqual([]);

    hook.change({ ringing: [placed(1, 0)] });
    seconds(1);
    expect(notes()).toHaveLength(2);
    hook.change({ ringing: [] });
    seconds(20);
    expect(notes()).toHaveLength(2);
  });

  it('play the alarm instead of the chime once the connection has been gone more than 30 s', async () => {
    await startShift();
    const connection: BoardConnection = { status: 'offline', downSince: NOW.getTime() };
    alerts({ ringing: [placed(1, 0)], connection });

    // A short drop: the order still chimes.
    seconds(LOST_ALARM_AFTER_MS / 1_000);
    expect(notes().every((note) => note.type === 'sine')).toBe(true);
    const chimed = notes().length;

    seconds(1);
    const alarm = notes().slice(chimed);
    expect(alarm).toHaveLength(4);
    expect(alarm.map((note) => note.type)).toEqual(['square', 'square', 'square', 'square']);
    expect(alarm.map((note) => note.frequency)).toEqual([392, 294, 392, 294]);
    expect(alarm.every((note) => note.peak === 0.6)).toBe(true);

    seconds(8);
    expect(
      notes()
        .slice(chimed)
        .every((note) => note.type === 'square'),
    ).toBe(true);
    expect(notes().slice(chimed)).toHaveLength(12);
  });

  it('do not alarm while live again, whatever the earlier drop', async () => {
    await startShift();
    alerts({ connection: { status: 'live', downSince: NOW.getTime() - 60_000 } });
    seconds(10);
    expect(notes()).toEqual([]);
  });

  it('play nothing when staff muted the board', async () => {
    await startShift();
    boardSound.setMuted(true);
    alerts({ ringing: [placed(1, 10)], connection: { status: 'offline', downSince: NOW.getTime() - 60_000 } });
    seconds(30);
    expect(notes()).toEqual([]);
  });

  it('play nothing when the browser keeps the audio suspended', async () => {
    FakeAudioContext.blockResume = true;
    await startShift();
    alerts({ ringing: [placed(1, 0)] });
    seconds(30);
    expect(notes()).toEqual([]);
  });
});

describe('while the board is not looked at', () => {
  const shown: { title: string; options: NotificationOptions | undefined }[] = [];
  class FakeNotification {
    static permission: NotificationPermission = 'granted';
    readonly title: string;
    constructor(title: string, options?: NotificationOptions) {
      this.title = title;
      shown.push({ title, options });
    }
  }

  function pageHidden(hidden: boolean) {
    Object.defineProperty(document, 'visibilityState', { value: hidden ? 'hidden' : 'visible', configurable: true });
  }

  beforeEach(() => {
    shown.length = 0;
    FakeNotification.permission = 'granted';
    vi.stubGlobal('Notification', FakeNotification);
  });

  afterEach(() => {
    Reflect.deleteProperty(document, 'visibilityState');
    Reflect.deleteProperty(navigator, 'wakeLock');
  });

  it('notifies once per new order while the tab is hidden', () => {
    pageHidden(true);
    const hook = alerts({ ringing: [placed(7, 0)] });
    hook.change({ ringing: [placed(7, 0), placed(8, 0)] });
    hook.change({ ringing: [placed(7, 0), placed(8, 0)] });

    expect(shown.map((entry) => entry.title)).toEqual(['Neue Bestellung #7', 'Neue Bestellung #8']);
    expect(shown[0]?.options).toMatchObject({ body: 'Maria Rossi', tag: 'order-7', requireInteraction: true });
  });

  it('does not notify while the board is on screen, nor without permission', () => {
    pageHidden(false);
    const hook = alerts({ ringing: [placed(7, 0)] });
    pageHidden(true);
    FakeNotification.permission = 'denied';
    hook.change({ ringing: [placed(7, 0), placed(8, 0)] });
    expect(shown).toEqual([]);
  });

  it('keeps the screen on during the shift and lets go when the board closes', async () => {
    const release = vi.fn(() => Promise.resolve());
    const request = vi.fn(() => Promise.resolve({ release }));
    Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });

    const hook = alerts({ active: false });
    expect(request).not.toHaveBeenCalled();
    hook.change({ active: true });
    expect(request).toHaveBeenCalledWith('screen');
    await act(() => Promise.resolve());
    hook.unmount();
    expect(release).toHaveBeenCalledTimes(1);
  });

  it('says the screen may go dark when the browser refuses to keep it on, and not once it does', async () => {
    let refuse = true;
    const request = vi.fn(() =>
      refuse
        ? Promise.reject(new DOMException('not allowed', 'NotAllowedError'))
        : Promise.resolve({ release: vi.fn() }),
    );
    Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });

    const hook = alerts({ active: false });
    expect(hook.state().screenMaySleep).toBe(false);
    hook.change({ active: true });
    await act(() => Promise.resolve());
    expect(hook.state().screenMaySleep).toBe(true);

    // The tab comes back and this time the browser grants it.
    refuse = false;
    pageHidden(false);
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await Promise.resolve();
    });
    expect(hook.state().screenMaySleep).toBe(false);
  });

  it('says the screen may go dark where the browser has no wake lock at all, only while the shift runs', () => {
    const hook = alerts({ active: false });
    expect(hook.state().screenMaySleep).toBe(false);
    hook.change({ active: true });
    expect(hook.state().screenMaySleep).toBe(true);
  });
});
