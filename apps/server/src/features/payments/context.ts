import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { OrdersService } from '../orders/index.ts';
import type { PayPalClient } from './paypal-client.ts';
import type { PayPalSettings } from './types.ts';
import type { WebhookVerifier } from './webhook-signature.ts';

/**
 * What the payments' functions need, handed to each of them by the plugin (`service.ts`): the database,
 * the orders feature (its clock, its announcements, its rendering), and PayPal when it is configured.
 */
export interface PaymentsContext {
  db: Db;
  log: FastifyBaseLogger;
  orders: OrdersService;
  /** PayPal's settings, or null when the shop takes cash only. */
  settings: PayPalSettings | null;
  /** PayPal's REST API, or null when PayPal is not configured. */
  client: PayPalClient | null;
  /** Checks a webhook's signature; null without a webhook id (webhooks are then refused). */
  verifier: WebhookVerifier | null;
  /** The orders' clock, which tests may fix. */
  now(): Date;
}
