import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Order } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';

/**
 * What the orders' functions need from the server, handed to each of them by the plugin (`service.ts`):
 * the database, the other features they read or tell, and "now" (the clock tests may fix).
 */
export interface OrdersContext {
  db: Db;
  database: FastifyInstance['database'];
  catalogue: FastifyInstance['catalogue'];
  storeStatus: FastifyInstance['storeStatus'];
  pubsub: FastifyInstance['pubsub'];
  log: FastifyBaseLogger;
  /** The mailer, or null without the mail plugin: orders are placed and decided all the same. */
  mailer(): FastifyInstance['mail'] | null;
  /** The payments feature, or null when it is not registered (no online payment). */
  payments(): FastifyInstance['payments'] | null;
  now(): Date;
  /** The share (percent) of a slot's places that guest orders not yet answered may hold. */
  guestSharePercent: number;
  /**
   * Mails on their way to the mailer (the pickup place is read first): the server waits for them before
   * it closes, as the mailer waits for those it holds, so a mail decided before a shutdown is written.
   */
  mailsUnderWay: Set<Promise<void>>;
  /** Told of each order this instance made new for the kitchen (`OrdersService.onNewOrder`). */
  newOrderListeners: Set<(order: Order) => void>;
  /** Told of each order this instance saw its customer call off (`OrdersService.onCancelledByCustomer`). */
  customerCancelListeners: Set<(order: Order) => void>;
}
