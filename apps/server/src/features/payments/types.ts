import type { Language, Order, PaymentMethods } from '@pizzeria/domain';
import type { Caller } from '../../plugins/auth.ts';

export interface PayPalSettings {
  clientId: string;
  clientSecret: string;
  apiBase: string;
  /** Without it webhooks are refused; pending captures are then followed by polling alone. */
  webhookId: string | undefined;
  /** How long one call to PayPal may take. */
  timeoutMs?: number;
}

export interface PaymentsPluginOptions {
  paypal: PayPalSettings | null;
}

/** Who asks about an order: the same rule as reading it (owner, tracking token, staff). */
export interface OrderAccessRequest {
  caller: Caller | null;
  token: string | undefined;
}

export interface CaptureOutcome {
  order: Order;
  /** PayPal holds the capture as PENDING: the order waits for PayPal's word (202). */
  pending: boolean;
}

export type WebhookResult = 'handled' | 'replayed' | 'ignored';

export interface PaymentsService {
  /** The public client id, or null when PayPal is not configured. */
  paypal: { clientId: string } | null;
  methods(storeId: number): Promise<PaymentMethods>;
  /** The PayPal order the buyer approves, created once per order for the server's total. */
  createPayPalOrder(orderId: number, access: OrderAccessRequest): Promise<{ paypal_order_id: string }>;
  capture(orderId: number, access: OrderAccessRequest, language: Language): Promise<CaptureOutcome>;
  /** An unpaid PayPal order is paid cash instead and goes to the kitchen. */
  payCash(orderId: number, access: OrderAccessRequest, language: Language): Promise<Order>;
  /** Staff try a failed refund again. */
  retryRefund(orderId: number, language: Language): Promise<Order>;
  /** Refunds an order whose payment is `refund_pending`, off the request; failures are recorded, never thrown. */
  refundInBackground(orderId: number): void;
  /** A webhook from PayPal: its signature checked, each event id handled once. */
  handleWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<WebhookResult>;
  /**
   * Expires orders unpaid for 30 minutes, asks PayPal about the PayPal orders of orders it did not end up
   * paying (expired, switched to cash) until settled, refunding what it captured (`settlement.ts`), retries
   * failed refunds with backoff and those a stopped instance left pending, and asks PayPal about pending
   * captures and about refunds it holds as pending. Every instance runs it every 25 s; each change happens once. Tests call it directly.
   */
  sweep(): Promise<void>;
}
