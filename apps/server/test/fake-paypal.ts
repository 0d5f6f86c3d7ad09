import { createSign, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { crc32 } from 'node:zlib';
import { generate } from 'selfsigned';

// A local server that speaks the part of PayPal's REST API the shop uses, as PayPal documents it: OAuth2
// client credentials, Orders v2 (create, get, capture) and Payments v2 refunds (refund, show), with `PayPal-Request-Id`
// idempotency. Tests approve orders (the buyer's part, in PayPal's window) and choose each outcome.
// It also sends webhooks signed the way PayPal signs them (SHA256withRSA over
// `transmission id|time|webhook id|CRC32 of the body`), with its own key pair and a certificate it serves.

/**
 * What the next captures answer: a completed or pending capture; `DECLINED`: 422 INSTRUMENT_DECLINED
 * (PayPal's restart flow); `INSUFFICIENT_FUNDS` and `CARD_EXPIRED`: a DECLINED capture with the
 * processor's response code (5120, 5400).
 */
export type CaptureOutcome = 'COMPLETED' | 'PENDING' | 'DECLINED' | 'INSUFFICIENT_FUNDS' | 'CARD_EXPIRED';
export type RefundOutcome = 'COMPLETED' | 'PENDING' | 'FAILED';
/** How PayPal finishes a refund it held as PENDING (Payments v2's refund statuses). */
export type RefundEnd = 'COMPLETED' | 'FAILED' | 'CANCELLED';

const PROCESSOR_CODES: Partial<Record<CaptureOutcome, string>> = { INSUFFICIENT_FUNDS: '5120', CARD_EXPIRED: '5400' };

interface FakeOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  referenceId: string;
  amount: { currency_code: string; value: string };
  /** The purchase unit's `amount.breakdown` and `items`, as the shop sent them (checked by `checkPurchaseUnit`). */
  breakdown: Record<string, PayPalMoney> | null;
  items: PurchaseItem[] | null;
  capture: {
    id: string;
    status: string;
    amount: { currency_code: string; value: string };
    processor_response?: { response_code: string };
  } | null;
}

interface FakeRefund {
  id: string;
  status: 'PENDING' | RefundEnd;
  captureId: string;
  amount: { currency_code: string; value: string };
  /** `status_details.reason`: why it is PENDING or FAILED. */
  reason: string | null;
}

/** A webhook as PayPal sends it: the event and the headers that sign it. */
export interface SignedWebhook {
  body: string;
  headers: Record<string, string>;
}

export interface FakePayPal {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /**
   * Every request, in order: method, path and the `PayPal-Request-Id` it carried; `status` once its answer
   * was sent (never for one whose connection dropped first).
   */
  requests: { method: string; path: string; requestId: string | null; status?: number }[];
  orders: Map<string, FakeOrder>;
  /** The buyer approves the order in PayPal's window. */
  approve(orderId: string): void;
  /** What the next captures answer. */
  captureOutcome: CaptureOutcome;
  /**
   * What the next refunds answer: `FAILED` is a 422 (the merchant's balance cannot cover it); `PENDING` a
   * refund PayPal holds (reason `ECHECK`) until the test finishes it with `finishRefund`.
   */
  refundOutcome: RefundOutcome;
  /** Every refund PayPal made or holds, by its id. */
  refunds: Map<string, FakeRefund>;
  /** PayPal finishes a refund it held: COMPLETED refunds the capture; FAILED and CANCELLED leave the money with the shop. */
  finishRefund(refundId: string, status: RefundEnd): void;
  /** Milliseconds every answer waits before it is sent. */
  delayMs: number;
  /** The next capture happens, but its answer is lost: the connection is dropped before it is sent. */
  dropNextCaptureAnswer: boolean;
  /** Changes what the order will capture (as if it were altered after the shop created it). */
  tamper(orderId: string, value: string): void;
  /** Seconds a new token lives. */
  tokenLifetimeSeconds: number;
  /** Where the certificate that signs the webhooks is served. */
  certUrl: string;
  /** A webhook event signed for `webhookId`, about a resource (a capture, a refund). */
  signWebhook(webhookId: string, eventType: string, resource: unknown, eventId?: string): SignedWebhook;
  /** Tokens the server forgets (as if they expired early): calls with them get 401. */
  revokeTokens(): void;
  close(): Promise<void>;
}

const CLIENT_ID = 'fake-client-id';
const CLIENT_SECRET = 'fake-client-secret';

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** PayPal's answer for an order, capture or refund id it does not know. */
function sendNotFound(response: ServerResponse): void {
  send(response, 404, {
    name: 'RESOURCE_NOT_FOUND',
    message: 'The specified resource does not exist.',
    details: [{ issue: 'INVALID_RESOURCE_ID' }],
  });
}

/** An id shaped like PayPal's (17 upper-case letters and digits). */
function newId(): string {
  return randomUUID().replace(/-/g, '').slice(0, 17).toUpperCase();
}

/** PayPal's 422 body: the request was understood and refused (business validation, a declined source, …). */
function refusal(issue: string) {
  return {
    name: 'UNPROCESSABLE_ENTITY',
    message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
    details: [{ issue }],
  };
}

export interface PayPalMoney {
  currency_code: string;
  value: string;
}

export interface PurchaseItem {
  name: string;
  quantity: string;
  unit_amount: PayPalMoney;
  tax?: PayPalMoney;
  description?: string;
  category?: string;
}

/** Why PayPal refuses a purchase unit: 400 for a malformed field, 422 for amounts that do not add up. */
export interface PurchaseUnitRefusal {
  status: 400 | 422;
  issue: string;
}

const BREAKDOWN_ADDED = ['item_total', 'tax_total', 'shipping', 'handling', 'insurance'] as const;
const BREAKDOWN_TAKEN = ['shipping_discount', 'discount'] as const;
const ITEM_CATEGORIES = new Set(['DIGITAL_GOODS', 'PHYSICAL_GOODS', 'DONATION']);
/** PayPal's limit for an item's name (and, in earlier versions of Orders v2, its description). */
const ITEM_TEXT_MAX = 127;

/**
 * Checks a purchase unit as PayPal's Orders v2 does on create: amounts are decimal strings of at most two
 * decimals in the unit's currency; with `items`, `breakdown.item_total` is required and equals the sum
 * of unit_amount × quantity (and `tax_total` the sum of tax × quantity when items carry tax); with a
 * breakdown, `amount.value` equals item_total + tax_total + shipping + handling + insurance −
 * shipping_discount − discount. Sums are exact, in cents. Null when PayPal would accept it.
 */
export function checkPurchaseUnit(unit: unknown): PurchaseUnitRefusal | null {
  const syntax = (issue = 'INVALID_PARAMETER_SYNTAX'): PurchaseUnitRefusal => ({ status: 400, issue });
  const refused = (issue: string): PurchaseUnitRefusal => ({ status: 422, issue });
  const input = unit as {
    amount?: Partial<PayPalMoney> & { breakdown?: Record<string, Partial<PayPalMoney> | undefined> };
    items?: Partial<PurchaseItem>[];
  } | null;
  const amount = input?.amount;
  if (!amount || typeof amount.currency_code !== 'string') return syntax('MISSING_REQUIRED_PARAMETER');
  const currency = amount.currency_code;
  const cents = (money: Partial<PayPalMoney> | undefined): bigint | PurchaseUnitRefusal => {
    if (!money || typeof money.value !== 'string') return syntax('MISSING_REQUIRED_PARAMETER');
    if (money.currency_code !== currency) return refused('CURRENCY_MISMATCH');
    if (money.value.startsWith('-')) return refused('CANNOT_BE_NEGATIVE');
    const parts = /^(\d{1,15})(?:\.(\d+))?$/.exec(money.value);
    if (!parts) return syntax();
    const decimals = parts[2] ?? '';
    if (decimals.length > 2) return refused('DECIMAL_PRECISION');
    return BigInt(parts[1] ?? '0') * 100n + BigInt(decimals.padEnd(2, '0'));
  };
  const total = cents(amount);
  if (typeof total !== 'bigint') return total;
  if (total <= 0n) return refused('CANNOT_BE_ZERO_OR_NEGATIVE');

  let itemTotal = 0n;
  let taxTotal = 0n;
  let taxed = false;
  const items = input?.items ?? [];
  if (!Array.isArray(items)) return syntax();
  for (const item of items) {
    const name = typeof item.name === 'string' ? [...item.name].length : 0;
    if (name < 1 || name > ITEM_TEXT_MAX) return syntax('INVALID_STRING_LENGTH');
    if (item.description !== undefined && [...String(item.description)].length > ITEM_TEXT_MAX)
      return syntax('INVALID_STRING_LENGTH');
    if (typeof item.quantity !== 'string' || !/^[1-9][0-9]{0,9}$/.test(item.quantity)) return syntax();
    if (item.category !== undefined && !ITEM_CATEGORIES.has(item.category)) return syntax('INVALID_PARAMETER_VALUE');
    const price = cents(item.unit_amount);
    if (typeof price !== 'bigint') return price;
    itemTotal += price * BigInt(item.quantity);
    if (item.tax !== undefined) {
      const tax = cents(item.tax);
      if (typeof tax !== 'bigint') return tax;
      taxTotal += tax * BigInt(item.quantity);
      taxed = true;
    }
  }

  const breakdown = amount.breakdown;
  if (!breakdown) return items.length > 0 ? refused('ITEM_TOTAL_REQUIRED') : null;
  const parts: Record<string, bigint> = {};
  for (const key of [...BREAKDOWN_ADDED, ...BREAKDOWN_TAKEN]) {
    if (breakdown[key] === undefined) continue;
    const value = cents(breakdown[key]);
    if (typeof value !== 'bigint') return value;
    parts[key] = value;
  }
  if (items.length > 0 && parts.item_total === undefined) return refused('ITEM_TOTAL_REQUIRED');
  if (items.length > 0 && parts.item_total !== itemTotal) return refused('ITEM_TOTAL_MISMATCH');
  if (taxed && parts.tax_total === undefined) return refused('TAX_TOTAL_REQUIRED');
  if (taxed && parts.tax_total !== taxTotal) return refused('TAX_TOTAL_MISMATCH');
  const added = BREAKDOWN_ADDED.reduce((sum, key) => sum + (parts[key] ?? 0n), 0n);
  const taken = BREAKDOWN_TAKEN.reduce((sum, key) => sum + (parts[key] ?? 0n), 0n);
  if (added - taken !== total) return refused('AMOUNT_MISMATCH');
  return null;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function renderRefund(refund: FakeRefund, baseUrl: string) {
  return {
    id: refund.id,
    status: refund.status,
    ...(refund.reason ? { status_details: { reason: refund.reason } } : {}),
    amount: refund.amount,
    links: [
      { href: `${baseUrl}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
      { href: `${baseUrl}/v2/payments/captures/${refund.captureId}`, rel: 'up', method: 'GET' },
    ],
  };
}

function renderOrder(order: FakeOrder) {
  return {
    id: order.id,
    status: order.status,
    purchase_units: [
      {
        reference_id: order.referenceId,
        amount: order.breakdown ? { ...order.amount, breakdown: order.breakdown } : order.amount,
        ...(order.items ? { items: order.items } : {}),
        ...(order.capture ? { payments: { captures: [order.capture] } } : {}),
      },
    ],
  };
}

export async function startFakePayPal(): Promise<FakePayPal> {
  const keys = await generate([{ name: 'commonName', value: 'messageverificationcerts.paypal.com' }], {
    keySize: 2048,
    notBeforeDate: new Date(Date.now() - 60_000),
  });
  const tokens = new Set<string>();
  const orders = new Map<string, FakeOrder>();
  const refunds = new Map<string, FakeRefund>();
  /**
   * Answers already given, by request id: the same id gets the same answer (a refusal too), and nothing
   * happens twice. One account: a second shop with the same credentials that sends an id the first sent
   * gets the first shop's answer, whatever its body says, as from PayPal.
   */
  const answered = new Map<string, { status: number; body: unknown }>();
  const requests: FakePayPal['requests'] = [];

  const fake: FakePayPal = {
    baseUrl: '',
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    requests,
    orders,
    captureOutcome: 'COMPLETED',
    refundOutcome: 'COMPLETED',
    refunds,
    finishRefund(refundId, status) {
      const refund = refunds.get(refundId);
      if (refund?.status !== 'PENDING') throw new Error(`no pending fake refund ${refundId}`);
      refund.status = status;
      refund.reason = null;
      const capture = [...orders.values()].find((order) => order.capture?.id === refund.captureId)?.capture;
      if (status === 'COMPLETED' && capture) capture.status = 'REFUNDED';
    },
    delayMs: 0,
    dropNextCaptureAnswer: false,
    tokenLifetimeSeconds: 32_400,
    certUrl: '',
    approve(orderId) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no fake order ${orderId}`);
      order.status = 'APPROVED';
    },
    tamper(orderId, value) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no fake order ${orderId}`);
      order.amount = { ...order.amount, value };
    },
    signWebhook(webhookId, eventType, resource, eventId = `WH-${randomUUID()}`) {
      const body = JSON.stringify({
        id: eventId,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: eventType.startsWith('PAYMENT.CAPTURE.REFUNDED') ? 'refund' : 'capture',
        event_type: eventType,
        summary: eventType,
        resource,
      });
      const transmissionId = randomUUID();
      const transmissionTime = new Date().toISOString();
      const signed = `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(body)}`;
      const signature = createSign('RSA-SHA256').update(signed).sign(keys.private, 'base64');
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-time': transmissionTime,
          'paypal-transmission-sig': signature,
          'paypal-cert-url': fake.certUrl,
          'paypal-auth-algo': 'SHA256withRSA',
        },
      };
    },
    revokeTokens() {
      tokens.clear();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const requestId = request.headers['paypal-request-id'];
    const entry: FakePayPal['requests'][number] = {
      method: request.method ?? '',
      path: url.pathname,
      requestId: typeof requestId === 'string' ? requestId : null,
    };
    requests.push(entry);
    response.on('finish', () => {
      entry.status = response.statusCode;
    });
    const body = await readBody(request);
    if (fake.delayMs > 0) await sleep(fake.delayMs);

    if (request.method === 'GET' && url.pathname === '/v1/notifications/certs/CERT-fake') {
      response.writeHead(200, { 'Content-Type': 'application/x-pem-file' });
      response.end(keys.cert);
      return;
    }

    if (request.method === 'POST' && url.pathname === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
      if (request.headers.authorization !== expected || body !== 'grant_type=client_credentials') {
        send(response, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
        return;
      }
      const token = `A21AA${randomUUID()}`;
      tokens.add(token);
      send(response, 200, {
        scope: 'https://uri.paypal.com/services/payments',
        access_token: token,
        token_type: 'Bearer',
        expires_in: fake.tokenLifetimeSeconds,
      });
      return;
    }

    const bearer = request.headers.authorization?.replace(/^Bearer /, '');
    if (!bearer || !tokens.has(bearer)) {
      send(response, 401, {
        name: 'AUTHENTICATION_FAILURE',
        message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
      });
      return;
    }
    const replay =
      typeof requestId === 'string' ? answered.get(`${request.method} ${url.pathname} ${requestId}`) : undefined;
    if (replay) {
      send(response, replay.status, replay.body);
      return;
    }
    const remember = (status: number, answer: unknown) => {
      if (typeof requestId === 'string')
        answered.set(`${request.method} ${url.pathname} ${requestId}`, { status, body: answer });
      send(response, status, answer);
    };
    // PayPal answers a repeated request id with the first answer, a refusal as well as a success.
    const refuse = (issue: string) => remember(422, refusal(issue));

    if (request.method === 'POST' && url.pathname === '/v2/checkout/orders') {
      const input = JSON.parse(body) as {
        intent: string;
        purchase_units: {
          reference_id: string;
          amount: FakeOrder['amount'] & { breakdown?: Record<string, PayPalMoney> };
          items?: PurchaseItem[];
        }[];
      };
      const unit = input.purchase_units[0];
      if (input.intent !== 'CAPTURE' || !unit) return refuse('INVALID_PARAMETER_VALUE');
      const invalid = checkPurchaseUnit(unit);
      if (invalid?.status === 422) return refuse(invalid.issue);
      if (invalid) {
        return remember(400, {
          name: 'INVALID_REQUEST',
          message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
          details: [{ issue: invalid.issue }],
        });
      }
      const order: FakeOrder = {
        id: newId(),
        status: 'CREATED',
        referenceId: unit.reference_id,
        amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
        breakdown: unit.amount.breakdown ?? null,
        items: unit.items ?? null,
        capture: null,
      };
      orders.set(order.id, order);
      remember(201, renderOrder(order));
      return;
    }

    const orderPath = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(url.pathname);
    if (orderPath) {
      const order = orders.get(decodeURIComponent(orderPath[1] ?? ''));
      if (!order) return sendNotFound(response);
      if (request.method === 'GET' && !orderPath[2]) {
        send(response, 200, renderOrder(order));
        return;
      }
      if (request.method === 'POST' && orderPath[2]) {
        if (order.status === 'COMPLETED') return refuse('ORDER_ALREADY_CAPTURED');
        if (order.status !== 'APPROVED') return refuse('ORDER_NOT_APPROVED');
        if (fake.captureOutcome === 'DECLINED') {
          // PayPal's restart flow: the buyer may choose another funding source and approve again.
          order.status = 'CREATED';
          return refuse('INSTRUMENT_DECLINED');
        }
        const processorCode = PROCESSOR_CODES[fake.captureOutcome];
        const capture: NonNullable<FakeOrder['capture']> = {
          id: newId(),
          status: processorCode ? 'DECLINED' : fake.captureOutcome,
          amount: order.amount,
          ...(processorCode ? { processor_response: { response_code: processorCode } } : {}),
        };
        if (processorCode) {
          // Declined by the processor: the buyer may approve again with another source.
          order.status = 'CREATED';
          remember(201, {
            ...renderOrder(order),
            status: 'COMPLETED',
            purchase_units: [
              { reference_id: order.referenceId, amount: order.amount, payments: { captures: [capture] } },
            ],
          });
          return;
        }
        order.status = 'COMPLETED';
        order.capture = capture;
        if (fake.dropNextCaptureAnswer) {
          fake.dropNextCaptureAnswer = false;
          // Captured, and the answer remembered for its request id, but the connection drops before it is sent.
          if (typeof requestId === 'string')
            answered.set(`${request.method} ${url.pathname} ${requestId}`, { status: 201, body: renderOrder(order) });
          request.socket.destroy();
          return;
        }
        remember(201, renderOrder(order));
        return;
      }
    }

    const refundPath = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(url.pathname);
    if (request.method === 'POST' && refundPath) {
      const order = [...orders.values()].find(
        (candidate) => candidate.capture?.id === decodeURIComponent(refundPath[1] ?? ''),
      );
      if (!order?.capture) return sendNotFound(response);
      if (order.capture.status === 'REFUNDED') return refuse('CAPTURE_FULLY_REFUNDED');
      if (fake.refundOutcome === 'FAILED') return refuse('REFUND_FAILED_INSUFFICIENT_FUNDS');
      if (fake.refundOutcome === 'COMPLETED') order.capture.status = 'REFUNDED';
      const refund: FakeRefund = {
        id: newId(),
        status: fake.refundOutcome,
        captureId: order.capture.id,
        amount: order.capture.amount,
        reason: fake.refundOutcome === 'PENDING' ? 'ECHECK' : null,
      };
      refunds.set(refund.id, refund);
      remember(201, renderRefund(refund, fake.baseUrl));
      return;
    }

    const refundLookup = /^\/v2\/payments\/refunds\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && refundLookup) {
      const refund = refunds.get(decodeURIComponent(refundLookup[1] ?? ''));
      if (!refund) return sendNotFound(response);
      send(response, 200, renderRefund(refund, fake.baseUrl));
      return;
    }

    send(response, 404, { name: 'RESOURCE_NOT_FOUND', message: `No fake for ${request.method} ${url.pathname}` });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      send(response, 500, { name: 'INTERNAL_SERVER_ERROR', message: String(error) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.certUrl = `${fake.baseUrl}/v1/notifications/certs/CERT-fake`;
  return fake;
}
