import { afterEach, beforeEach, vi } from 'vitest';
import type { Board, BoardSettings, Order, TodayReport } from '@pizzeria/domain';
import { i18n } from '../../../i18n/index.ts';
import { installFakeSockets } from '../../../lib/test-socket.ts';
import { clearStaffSession } from '../auth/staff-session.ts';
import { signedInDevice } from '../test-staff.ts';
import { boardSound } from './board-sound.ts';
import { testAdminOrder } from '../orders/test-admin-order.ts';

/** An order as the board lists it (no history): by default a new ASAP delivery, placed at 11:58 UTC. */
export function boardOrder(overrides: Partial<Order> = {}): Order {
  const { history: _history, ...order } = testAdminOrder({
    status: 'waiting',
    eta_minutes: null,
    eta_at: null,
    promised_at: '2026-11-23T12:43:00.000Z',
  });
  return { ...order, ...overrides };
}

export const BOARD_SETTINGS: BoardSettings = {
  auto_pause_enabled: true,
  auto_pause_after_minutes: 10,
  auto_reject_after_minutes: 15,
  chime_louder_after_minutes: 3,
  print_on_accept: false,
};

/** `GET /api/admin/stores/13/board`. */
export function testBoard(orders: Order[], settings: Partial<BoardSettings> = {}): Board {
  return { orders, settings: { ...BOARD_SETTINGS, ...settings }, now: new Date().toISOString() };
}

/** `GET /api/admin/reports/today` of a quiet day: the page shows it above the columns. */
export const QUIET_DAY: TodayReport = {
  date: '2026-11-23',
  timezone: 'Europe/Berlin',
  orders: 0,
  waiting: 0,
  rejected: 0,
  cancelled: 0,
  revenue: { gross: 0, net: 0, deposit: 0, discount: 0, vouchers: { orders: 0, amount: 0 }, vat: [] },
  average_basket: 0,
  split: { delivery: { orders: 0, gross: 0 }, pickup: { orders: 0, gross: 0 } },
  best_sellers: [],
  per_hour: Array.from({ length: 24 }, (_, hour) => ({ hour, orders: 0 })),
};

/** One note the board played: what the fake Web Audio saw of its oscillator and gain. */
export interface PlayedNote {
  type: OscillatorType;
  frequency: number;
  /** The peak the gain ramps up to: the note's volume. */
  peak: number;
}

/**
 * A Web Audio `AudioContext` for jsdom that records every note instead of playing it. `resume()` makes
 * it run unless the browser is to be played as one that blocks sound (`blockResume`).
 */
export class FakeAudioContext {
  static instances: FakeAudioContext[] = [];
  static blockResume = false;

  state: AudioContextState = 'suspended';
  currentTime = 0;
  onstatechange: (() => void) | null = null;
  readonly destination = {};
  readonly notes: PlayedNote[] = [];

  constructor() {
    FakeAudioContext.instances.push(this);
  }

  resume(): Promise<void> {
    if (!FakeAudioContext.blockResume) this.setState('running');
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.setState('closed');
    return Promise.resolve();
  }

  setState(state: AudioContextState): void {
    this.state = state;
    this.onstatechange?.();
  }

  createGain() {
    const ramps: number[] = [];
    const gain = {
      ramps,
      gain: {
        setValueAtTime: () => undefined,
        exponentialRampToValueAtTime: (value: number) => {
          ramps.push(value);
        },
      },
      connect: (target: unknown) => target,
    };
    return gain;
  }

  createOscillator() {
    const oscillator = {
      type: 'sine' as OscillatorType,
      frequency: { value: 0 },
      connect: (gain: { ramps: number[] }) => {
        connected = gain;
        return gain;
      },
      start: () => {
        this.notes.push({
          type: oscillator.type,
          frequency: oscillator.frequency.value,
          peak: Math.max(...(connected?.ramps ?? [])),
        });
      },
      stop: () => undefined,
    };
    let connected: { ramps: number[] } | null = null;
    return oscillator;
  }

  /** Every note played by any context, in order. */
  static notes(): PlayedNote[] {
    return FakeAudioContext.instances.flatMap((context) => context.notes);
  }

  static reset(): void {
    FakeAudioContext.instances = [];
    FakeAudioContext.blockResume = false;
  }
}

/**
 * Each board test's start and end: a device signed in earlier, German texts, fake sockets and audio,
 * the console's expected errors kept quiet; after it, the sound stopped and unmuted. The function it
 * returns reaches the test's fake sockets.
 */
export function setUpBoardTests() {
  let sockets: ReturnType<typeof installFakeSockets> | null = null;
  beforeEach(async () => {
    localStorage.clear();
    clearStaffSession();
    signedInDevice();
    await i18n.changeLanguage('de');
    sockets = installFakeSockets();
    FakeAudioContext.reset();
    vi.stubGlobal('AudioContext', FakeAudioContext);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    sockets?.restore();
    boardSound.stop();
    boardSound.setMuted(false);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return () => {
    if (!sockets) throw new Error('The fake sockets exist only while a test runs.');
    return sockets;
  };
}
