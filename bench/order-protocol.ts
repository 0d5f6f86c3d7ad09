// The IPC messages between `orders.ts` (the load) and `order-server.ts` (the server, in a child process).

/** What the load side asks of the server. */
export type ToOrderServer =
  /** Delete every order (and its mails), then answer `cleared`. */
  | { type: 'clear' }
  /** Answer `orders` with every order in the database. */
  | { type: 'list' }
  /** Answer `usage` with the CPU time the server has used so far. */
  | { type: 'usage' }
  /** Close the server and exit. */
  | { type: 'close' };

/** What the server answers. */
export type FromOrderServer =
  | {
      type: 'listening';
      port: number;
      /** A product of the demo menu that needs no choice: what every order buys. */
      productId: number;
      kind: 'pglite' | 'postgres';
    }
  | { type: 'cleared' }
  /** Every order in the database: its id and the Idempotency-Key it was placed with. */
  | { type: 'orders'; orders: { id: number; key: string }[] }
  | {
      type: 'usage';
      /** User and system CPU time of the server's process since it started. */
      cpuMs: number;
      /** The monotonic clock the CPU profile's timestamps use (`--cpu-prof`), in µs. */
      atMicros: number;
    };
