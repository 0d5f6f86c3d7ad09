import { z } from 'zod';
import { fromCents, toCents, type Cents } from '@pizzeria/domain';

// PayPal's REST API as its documentation describes it (OAuth2 client credentials, Orders v2, Payments
// v2), issue 12. Only the fields this shop reads are parsed; PayPal may send more. Amounts leave as
// PayPal's decimal strings ("18.50") and come back as cents.

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().int().positive() });

const amountSchema = z.object({ currency_code: z.string(), value: z.string() });

const captureSchema = z.object({
  id: z.string(),
  status: z.enum(['COMPLETED', 'DECLINED', 'PARTIALLY_REFUNDED', 'PENDING', 'REFUNDED', 'FAILED']),
  amount: amountSchema,
  /** Why a card behind the PayPal account was declined (5120 insufficient funds, 5400 expired card, …). */
  processor_response: z.object({ response_code: z.string().optional() }).optional(),
});

const orderSchema = z.object({
  id: z.string(),
  status: z.enum(['CREATED', 'SAVED', 'APPROVED', 'VOIDED', 'COMPLETED', 'PAYER_ACTION_REQUIRED']),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().optional(),
        payments: z.object({ captures: z.array(captureSchema).optional() }).optional(),
      }),
    )
    .optional(),
});

const refundSchema = z.object({
  id: z.string(),
  status: z.enum(['CANCELLED', 'FAILED', 'PENDING', 'COMPLETED']),
});

/** PayPal's error body: a name, and for 422s the issue that explains it (INSTRUMENT_DECLINED, …). */
const errorSchema = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  details: z.array(z.object({ issue: z.string() })).optional(),
});

/** A refusal or a failure of PayPal's API: its HTTP status, PayPal's error name and the issue, when it says. */
export class PayPalError extends Error {
  readonly status: number;
  readonly errorName: string | null;
  readonly issue: string | null;
  constructor(status: number, errorName: string | null, issue: string | null, message: string) {
    super(message);
    this.status = status;
    this.errorName = errorName;
    this.issue = issue;
  }
}

export interface PayPalCapture {
  id: string;
  status: z.infer<typeof captureSchema>['status'];
  amountCents: Cents;
  currency: string;
  /** The card processor's response code of a declined capture, when PayPal gives one. */
  processorCode: string | null;
}

export interface PayPalOrder {
  id: string;
  status: z.infer<typeof orderSchema>['status'];
  /** The order's capture, once there is one (after a capture call, even a declined one). */
  capture: PayPalCapture | null;
}

export interface PayPalRefund {
  id: string;
  status: z.infer<typeof refundSchema>['status'];
}

export interface PayPalClientOptions {
  /** `https://api-m.sandbox.paypal.com`, `https://api-m.paypal.com`, or a test server. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Milliseconds now; replaceable in tests. */
  now?: () => number;
  /** How long one call may take before it is given up (its request id makes a retry safe). */
  timeoutMs?: number;
}

export interface PayPalClient {
  /** Orders v2 create, intent CAPTURE, for the amount the server computed; `requestId` makes a retry create it once. */
  createOrder(input: {
    amountCents: Cents;
    currency: string;
    referenceId: string;
    requestId: string;
  }): Promise<PayPalOrder>;
  getOrder(orderId: string): Promise<PayPalOrder>;
  /** Captures an approved order; the same `requestId` again answers the same capture, never a second charge. */
  captureOrder(orderId: string, requestId: string): Promise<PayPalOrder>;
  /** Refunds a capture in full; the same `requestId` again never refunds twice. */
  refundCapture(captureId: string, requestId: string): Promise<PayPalRefund>;
}

/** A token is renewed this long before PayPal says it expires, so no call goes out with a dying one. */
const TOKEN_MARGIN_MS = 60_000;
const DEFAULT_TIMEOUT_MS = 15_000;

function renderOrder(order: z.infer<typeof orderSchema>): PayPalOrder {
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  return {
    id: order.id,
    status: order.status,
    capture: capture
      ? {
          id: capture.id,
          status: capture.status,
          amountCents: toCents(Number(capture.amount.value)),
          currency: capture.amount.currency_code,
          processorCode: capture.processor_response?.response_code ?? null,
        }
      : null,
  };
}

/**
 * The PayPal REST client: one OAuth2 token shared by every call and kept until shortly before it
 * expires (concurrent first calls share one token request); a call answered 401 gets a new token and
 * is tried once more.
 */
export function createPayPalClient(options: PayPalClientOptions): PayPalClient {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let token: { value: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function send(path: string, init: RequestInit): Promise<Response> {
    return fetch(new URL(path, options.baseUrl), { ...init, signal: AbortSignal.timeout(timeoutMs) });
  }

  async function failure(response: Response): Promise<PayPalError> {
    const body = errorSchema.safeParse(await response.json().catch(() => null));
    const name = body.success ? (body.data.name ?? null) : null;
    const issue = body.success ? (body.data.details?.[0]?.issue ?? null) : null;
    const message = (body.success ? body.data.message : undefined) ?? `PayPal answered ${response.status}`;
    return new PayPalError(response.status, name, issue, message);
  }

  function accessToken(): Promise<string> {
    if (token && now() < token.expiresAt) return Promise.resolve(token.value);
    pending ??= (async () => {
      const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
      const response = await send('/v1/oauth2/token', {
        method: 'POST',
        headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
      if (!response.ok) throw await failure(response);
      const body = tokenSchema.parse(await response.json());
      token = { value: body.access_token, expiresAt: now() + body.expires_in * 1000 - TOKEN_MARGIN_MS };
      return body.access_token;
    })().finally(() => {
      pending = null;
    });
    return pending;
  }

  async function call<T>(
    schema: z.ZodType<T>,
    path: string,
    init: { method: string; body?: unknown; requestId?: string },
  ) {
    const attempt = async (bearer: string) =>
      send(path, {
        method: init.method,
        headers: {
          Authorization: `Bearer ${bearer}`,
          'Content-Type': 'application/json',
          Prefer: 'return=representation',
          ...(init.requestId ? { 'PayPal-Request-Id': init.requestId } : {}),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    let response = await attempt(await accessToken());
    if (response.status === 401) {
      token = null;
      response = await attempt(await accessToken());
    }
    if (!response.ok) throw await failure(response);
    return schema.parse(await response.json());
  }

  return {
    async createOrder({ amountCents, currency, referenceId, requestId }) {
      const order = await call(orderSchema, '/v2/checkout/orders', {
        method: 'POST',
        requestId,
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: referenceId,
              amount: { currency_code: currency, value: fromCents(amountCents).toFixed(2) },
            },
          ],
        },
      });
      return renderOrder(order);
    },
    async getOrder(orderId) {
      return renderOrder(
        await call(orderSchema, `/v2/checkout/orders/${encodeURIComponent(orderId)}`, { method: 'GET' }),
      );
    },
    async captureOrder(orderId, requestId) {
      const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`;
      return renderOrder(await call(orderSchema, path, { method: 'POST', requestId, body: {} }));
    },
    async refundCapture(captureId, requestId) {
      const path = `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`;
      return call(refundSchema, path, { method: 'POST', requestId, body: {} });
    },
  };
}
