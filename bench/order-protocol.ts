// The IPC messages between `orders.ts` (the load) and `order-server.ts` (the server, in a child process).

/** What the load side asks of the server. */
export type ToOrderServer =
  /** Delete every order (and its mails), then answer `cleared`. */
  | { type: 'clear' }
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
  | { type: 'cleared' };
