import { useEffect, useRef, useState } from 'react';
import type { Order } from '@pizzeria/domain';
import type { BoardConnection } from './board-connection.ts';
import { boardSound } from './board-sound.ts';

/** A waiting order chimes this often until someone opens or decides it. */
export const CHIME_EVERY_MS = 5_000;
/** The connection may drop for a moment (a restart, a Wi-Fi hiccup); gone longer than this, it alarms. */
export const LOST_ALARM_AFTER_MS = 30_000;
const ALARM_EVERY_MS = 4_000;
const TICK_MS = 1_000;

export interface AlertInput {
  /** Waiting orders nobody on this device has opened yet. */
  ringing: Order[];
  /** `chime_louder_after_minutes`: a ringing order this old chimes louder. */
  louderAfterMinutes: number;
  connection: BoardConnection;
  /** The server's clock minus this device's, ms: waiting times count on the server's clock. */
  clockOffsetMs: number;
  /** The shift has started (sound may play, the screen is kept on). */
  active: boolean;
  /** "New order" in the staff member's language, for the system notification. */
  notificationText: (order: Order) => { title: string; body: string };
}

export interface AlertState {
  /**
   * The shift runs but the browser would not keep the screen on (no Screen Wake Lock, or it refused, as
   * a headless browser or a power-saving mode does): the tablet may go dark on its own timer.
   */
  screenMaySleep: boolean;
}

/**
 * What makes an order hard to miss while the board is open: the chime repeating until an order is opened
 * or decided, louder once it has waited too long; a distinct alarm while the connection has been gone
 * for more than 30 s; a system notification for each new order while the tab is hidden; and the screen
 * kept on (Screen Wake Lock) during the shift, or word that it cannot be.
 */
export function useOrderAlerts(input: AlertInput): AlertState {
  const latest = useRef(input);
  useEffect(() => {
    latest.current = input;
  });

  // One clock for chime and alarm, reading the newest input each second.
  useEffect(() => {
    let lastChime = 0;
    let lastAlarm = 0;
    const timer = setInterval(() => {
      const { ringing, louderAfterMinutes, connection, clockOffsetMs, active } = latest.current;
      if (!active) return;
      const now = Date.now();
      const lost = connection.downSince !== null && now - connection.downSince > LOST_ALARM_AFTER_MS;
      if (lost && connection.status !== 'live') {
        if (now - lastAlarm >= ALARM_EVERY_MS) {
          lastAlarm = now;
          boardSound.alarm();
        }
        return;
      }
      if (ringing.length === 0 || now - lastChime < CHIME_EVERY_MS) return;
      lastChime = now;
      const serverNow = now + clockOffsetMs;
      const loud = ringing.some((order) => serverNow - Date.parse(order.created_at) >= louderAfterMinutes * 60_000);
      boardSound.chime(loud);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, []);

  // A system notification for each order that starts ringing while nobody looks at the tab.
  const notified = useRef(new Set<number>());
  useEffect(() => {
    const { ringing, notificationText } = input;
    for (const order of ringing) {
      if (notified.current.has(order.id)) continue;
      notified.current.add(order.id);
      if (document.visibilityState !== 'hidden') continue;
      if (typeof Notification === 'undefined' || Notification.permission !== 'granted') continue;
      const { title, body } = notificationText(order);
      new Notification(title, { body, tag: `order-${order.id}`, requireInteraction: true });
    }
  }, [input]);

  // The screen stays on while the shift runs; the browser drops the lock when the tab hides, so it is
  // taken again when the tab comes back.
  const { active } = input;
  const [lockRefused, setLockRefused] = useState(false);
  const wakeLockSupported = typeof navigator !== 'undefined' && 'wakeLock' in navigator;
  useEffect(() => {
    if (!active || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let released = false;
    const acquire = () => {
      if (document.visibilityState !== 'visible') return;
      navigator.wakeLock
        .request('screen')
        .then((sentinel) => {
          if (released) void sentinel.release();
          else {
            lock = sentinel;
            setLockRefused(false);
          }
        })
        .catch(() => {
          if (!released) setLockRefused(true);
        });
    };
    acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      released = true;
      document.removeEventListener('visibilitychange', acquire);
      void lock?.release();
    };
  }, [active]);

  return { screenMaySleep: active && (!wakeLockSupported || lockRefused) };
}
