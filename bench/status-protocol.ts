// The IPC messages between `status-subscribers.ts` (the server) and `status-clients.ts` (its subscribers,
// in a child process so the server's memory figures are the server's own). Times are milliseconds on
// the wall clock (`performance.timeOrigin + performance.now()`), comparable across the two processes.

/** What the server side asks of the clients. */
export type ToClients =
  /**
   * Open `count` more subscribers to `url`, at most `parallel` at a time, each until its first status;
   * from the loopback `sources` in turn (empty: the system picks), each with its own ephemeral ports.
   */
  | { type: 'connect'; url: string; count: number; parallel: number; sources: string[] }
  /** From now on, wait for every subscriber to get a status whose `pause.paused` is `paused`. */
  | { type: 'expect'; round: number; paused: boolean; timeoutMs: number }
  /** Close every subscriber and exit. */
  | { type: 'close' };

/** What the clients answer. */
export type FromClients =
  | {
      type: 'connected';
      /** Subscribers open and past their first status, in all. */
      open: number;
      failed: number;
      /** The first few distinct reasons a subscriber failed, to print. */
      errors: string[];
    }
  | { type: 'armed'; round: number }
  | {
      type: 'reached';
      round: number;
      /** Subscribers that got the change, out of `of`; fewer when the wait timed out. */
      reached: number;
      of: number;
      firstAt: number | null;
      lastAt: number | null;
      /** CPU time the subscribers' process spent from arming until the last one got the change. */
      cpuMs: number;
    }
  | {
      type: 'closed';
      /** Over the whole run: messages received, those that were not a status (`storeStatusMessageSchema`), */
      messages: number;
      invalidMessages: number;
      /** socket errors, and subscribers closed before the clients closed them. */
      socketErrors: number;
      lost: number;
    };
