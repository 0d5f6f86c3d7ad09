import { z } from 'zod';
import { toCents, type Cents } from '@pizzeria/domain';

// PayPal's REST API as its documentation describes it (OAuth2 client credentials, Orders v2, Payments
// v2). Only the fields this shop reads are parsed; PayPal may send more. Amounts leave as
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
  /** Why a refund is PENDING or FAILED, when PayPal says (`ECHECK`: the buyer's eCheck has not cleared). */
  status_details: z.object({ reason: z.string().optional() }).optional(),
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
  /** PayPal's reason for a PENDING or FAILED refund, when it gives one. */
  reason: string | null;
}

/** One line of the buyer's PayPal receipt: `unitAmountCents` × `quantity`, gross (prices include VAT). */
export interface PayPalItem {
  /** 1–127 characters. */
  name: string;
  /** At most 127 characters. */
  description?: string;
  quantity: number;
  unitAmountCents: Cents;
  category: 'PHYSICAL_GOODS';
}

/**
 * What a PayPal order's amount is made of, as PayPal checks it: the amount equals `itemTotal + shipping −
 * discount`, and `itemTotal` the sum of the items' unit amount × quantity.
 */
export interface PayPalPurchase {
  items: PayPalItem[];
  itemTotalCents: Cents;
  shippingCents: Cents;
  discountCents: Cents;
}

export interface PayPalOrderInput {
  amountCents: Cents;
  currency: string;
  referenceId: string;
  requestId: string;
  /** The items and the breakdown; without it PayPal knows only the amount. */
  purchase?: PayPalPurchase;
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
  createOrder(input: PayPalOrderInput): Promise<PayPalOrder>;
  getOrder(orderId: string): Promise<PayPalOrder>;
  /** Captures an approved order; the same `requestId` again answers the same capture, never a second charge. */
  captureOrder(orderId: string, requestId: string): Promise<PayPalOrder>;
  /** Refunds a capture in full; the same `requestId` again never refunds twice. */
  refundCapture(captureId: string, requestId: string): Promise<PayPalRefund>;
  /** Payments v2 show refund: where a refund PayPal held as PENDING stands now. */
  getRefund(refundId: string): Promise<PayPalRefund>;
}

/** A token is renewed this long before PayPal says it expires, so no call goes out with a dying one. */
const TOKEN_MARGIN_MS = 60_000;
const DEFAULT_TIMEOUT_MS = 15_000;

/** PayPal's money: the currency and a decimal string with exactly two decimals, from whole cents. */
function money(currency: string, cents: Cents) {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return {
    currency_code: currency,
    value: `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`,
  };
}

/** The one purchase unit of a PayPal order, as Orders v2 takes it. */
export function purchaseUnit(input: Omit<PayPalOrderInput, 'requestId'>) {
  const { currency, purchase } = input;
  if (!purchase) return { reference_id: input.referenceId, amount: money(currency, input.amountCents) };
  return {
    reference_id: input.referenceId,
    amount: {
      ...money(currency, input.amountCents),
      breakdown: {
        item_total: money(currency, purchase.itemTotalCents),
        ...(purchase.shippingCents > 0 ? { shipping: money(currency, purchase.shippingCents) } : {}),
        ...(purchase.discountCents > 0 ? { discount: money(currency, purchase.discountCents) } : {}),
      },
    },
    items: purchase.items.map((item) => ({
      name: item.name,
      ...(item.description ? { description: item.description } : {}),
      quantity: String(item.quantity),
      unit_amount: money(currency, item.unitAmountCents),
      category: item.category,
    })),
  };
}

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

function renderRefund(refund: z.infer<typeof refundSchema>): PayPalRefund {
  return { id: refund.id, status: refund.status, reason: refund.status_details?.reason ?? null };
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
    async createOrder({ requestId, ...input }) {
      const order = await call(orderSchema, '/v2/checkout/orders', {
        method: 'POST',
        requestId,
        body: { intent: 'CAPTURE', purchase_units: [purchaseUnit(input)] },
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
      return renderRefund(await call(refundSchema, path, { method: 'POST', requestId, body: {} }));
    },
    async getRefund(refundId) {
      const path = `/v2/payments/refunds/${encodeURIComponent(refundId)}`;
      return renderRefund(await call(refundSchema, path, { method: 'GET' }));
    },
  };
}
