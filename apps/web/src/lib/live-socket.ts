/**
 * A WebSocket that stays connected: it reconnects with exponential backoff and full jitter, opens again
 * at once when the tab comes back, closes when the page goes away, and gives up on close codes that say
 * retrying cannot help. Used by the live store status, the order page and the orders board; only lazy
 * chunks import it.
 */

/** The part of the browser's WebSocket that we use: tests hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type OpenSocket = (url: string) => SocketLike;

let defaultOpenSocket: OpenSocket = (url) => new WebSocket(url);

/** Replaces the WebSocket constructor (tests); returns a function that puts the previous one back. */
export function setSocketFactory(open: OpenSocket): () => void {
  const previous = defaultOpenSocket;
  defaultOpenSocket = open;
  return () => {
    defaultOpenSocket = previous;
  };
}

/** `ws(s)://<this host>/api<path>`: the API is on the shop's own origin. */
export function apiSocketUrl(path: string): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api${path}`;
}

export const RETRY_BASE_MS = 1_000;
export const RETRY_MAX_MS = 30_000;

/**
 * Full jitter (a random wait up to a ceiling that doubles from 1 s to `maxMs`, 30 s by default): after a
 * server restart the shop's visitors come back spread out rather than all in the same second.
 */
export function retryDelay(attempt: number, random: () => number = Math.random, maxMs = RETRY_MAX_MS): number {
  const ceiling = Math.min(maxMs, RETRY_BASE_MS * 2 ** attempt);
  return Math.round(random() * ceiling);
}

/** Close code for a socket we dropped because it went silent (4000–4999 are the application's). */
const STALE_CLOSE = 4000;
/** What `onDown` reports when the socket could not even be created or went silent. */
const ABNORMAL_CLOSE = 1006;
const OPEN = 1;
const CONNECTING = 0;

export interface LiveSocketOptions {
  url: string;
  /** Right after the socket opens, e.g. to authorise: `send` serialises to JSON. */
  onOpen?: (send: (message: unknown) => void) => void;
  /** Every message as parsed JSON (undefined when it is not JSON). Return true for a good message: that resets the backoff. */
  onMessage: (payload: unknown) => boolean;
  /** The connection is gone; `retrying` is false after a final close code. */
  onDown: (info: { code: number; retrying: boolean }) => void;
  /** Close codes after which reconnecting cannot help (unknown store or order, no rights, broken protocol). */
  finalCloseCodes?: readonly number[];
  /** A socket that has said nothing for this long is treated as dead (a half-open TCP connection never closes). */
  staleAfterMs?: number;
  /**
   * The longest wait between two attempts, 30 s by default. A kitchen's board, one of a few in the
   * restaurant, keeps trying every second or so: an order placed while it is away must not wait for it.
   */
  retryMaxMs?: number;
  random?: () => number;
  openSocket?: OpenSocket;
}

export interface LiveSocket {
  /** Opens now unless open, connecting or finished; a pending retry is replaced. */
  connect(): void;
  /** Closes and stops retrying until `connect()`. */
  close(): void;
  /** Closes for good: later `connect()` calls do nothing (the order is decided). */
  finish(): void;
}

export function createLiveSocket(options: LiveSocketOptions): LiveSocket {
  const openSocket = options.openSocket ?? defaultOpenSocket;
  const random = options.random ?? Math.random;
  let socket: SocketLike | null = null;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let staleTimer: ReturnType<typeof setTimeout> | undefined;
  let wanted = false;
  let finished = false;

  // A socket we let go of may still fire late events; detached, it cannot touch the current one.
  const detach = (target: SocketLike) => {
    target.onopen = null;
    target.onmessage = null;
    target.onclose = null;
    target.onerror = null;
  };

  const clearTimers = () => {
    clearTimeout(retryTimer);
    clearTimeout(staleTimer);
    retryTimer = undefined;
    staleTimer = undefined;
  };

  const watchSilence = () => {
    if (options.staleAfterMs === undefined) return;
    clearTimeout(staleTimer);
    staleTimer = setTimeout(() => {
      const silent = socket;
      if (!silent) return;
      detach(silent);
      silent.close(STALE_CLOSE, 'silent');
      down(ABNORMAL_CLOSE);
    }, options.staleAfterMs);
  };

  const down = (code: number) => {
    socket = null;
    clearTimeout(staleTimer);
    const final = options.finalCloseCodes?.includes(code) ?? false;
    if (final) finished = true;
    const retrying = wanted && !finished;
    options.onDown({ code, retrying });
    if (!retrying) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(open, retryDelay(attempt, random, options.retryMaxMs));
    attempt += 1;
  };

  function open() {
    retryTimer = undefined;
    let created: SocketLike;
    try {
      created = openSocket(options.url);
    } catch (error) {
      console.error('Could not open a live connection', error);
      down(ABNORMAL_CLOSE);
      return;
    }
    socket = created;
    created.onopen = () => {
      watchSilence();
      options.onOpen?.((message) => created.send(JSON.stringify(message)));
    };
    created.onmessage = (event) => {
      watchSilence();
      let payload: unknown;
      try {
        payload = typeof event.data === 'string' ? JSON.parse(event.data) : undefined;
      } catch {
        payload = undefined;
      }
      if (options.onMessage(payload)) attempt = 0;
    };
    created.onclose = (event) => {
      detach(created);
      if (socket === created) down(event.code);
    };
  }

  function close() {
    wanted = false;
    clearTimers();
    const current = socket;
    socket = null;
    if (current) {
      detach(current);
      current.close(1000, 'bye');
    }
  }

  return {
    connect() {
      wanted = true;
      if (finished || (socket && (socket.readyState === OPEN || socket.readyState === CONNECTING))) return;
      // A socket still closing would report its close after the new one is up.
      if (socket) detach(socket);
      clearTimeout(retryTimer);
      open();
    },
    close,
    finish() {
      finished = true;
      close();
    },
  };
}

/**
 * Ties a live socket to the page's life: open again when the tab becomes visible or the browser comes
 * back online or restores the page from the back/forward cache, close when the page is left. Returns
 * the function that unties it.
 */
export function followPageLifecycle(live: LiveSocket): () => void {
  const onVisibility = () => {
    if (document.visibilityState === 'visible') live.connect();
  };
  const onPageHide = () => live.close();
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) live.connect();
  };
  const onOnline = () => live.connect();
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('pageshow', onPageShow);
  window.addEventListener('online', onOnline);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('pageshow', onPageShow);
    window.removeEventListener('online', onOnline);
  };
}
