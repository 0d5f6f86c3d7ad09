import { createSign, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { crc32 } from 'node:zlib';
import { generate } from 'selfsigned';

// A local server that speaks the part of PayPal's REST API the shop uses, as PayPal documents it: OAuth2
// client credentials, Orders v2 (create, get, capture) and Payments v2 refunds, with `PayPal-Request-Id`
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

const PROCESSOR_CODES: Partial<Record<CaptureOutcome, string>> = { INSUFFICIENT_FUNDS: '5120', CARD_EXPIRED: '5400' };

interface FakeOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  referenceId: string;
  amount: { currency_code: string; value: string };
  capture: {
    id: string;
    status: string;
    amount: { currency_code: string; value: string };
    processor_response?: { response_code: string };
  } | null;
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
  /** Every request, in order: method, path and the `PayPal-Request-Id` it carried. */
  requests: { method: string; path: string; requestId: string | null }[];
  orders: Map<string, FakeOrder>;
  /** The buyer approves the order in PayPal's window. */
  approve(orderId: string): void;
  /** What the next captures answer. */
  captureOutcome: CaptureOutcome;
  /** What the next refunds answer: `FAILED` is a 422 (the merchant's balance cannot cover it). */
  refundOutcome: RefundOutcome;
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

function unprocessable(response: ServerResponse, issue: string): void {
  send(response, 422, {
    name: 'UNPROCESSABLE_ENTITY',
    message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
    details: [{ issue }],
  });
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function renderOrder(order: FakeOrder) {
  return {
    id: order.id,
    status: order.status,
    purchase_units: [
      {
        reference_id: order.referenceId,
        amount: order.amount,
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
  /** Answers already given, by request id: the same id gets the same answer, and nothing happens twice. */
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
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      requestId: typeof requestId === 'string' ? requestId : null,
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

    if (request.method === 'POST' && url.pathname === '/v2/checkout/orders') {
      const input = JSON.parse(body) as {
        intent: string;
        purchase_units: { reference_id: string; amount: FakeOrder['amount'] }[];
      };
      const unit = input.purchase_units[0];
      if (input.intent !== 'CAPTURE' || !unit) {
        unprocessable(response, 'INVALID_PARAMETER_VALUE');
        return;
      }
      const order: FakeOrder = {
        id: randomUUID().replace(/-/g, '').slice(0, 17).toUpperCase(),
        status: 'CREATED',
        referenceId: unit.reference_id,
        amount: unit.amount,
        capture: null,
      };
      orders.set(order.id, order);
      remember(201, renderOrder(order));
      return;
    }

    const orderPath = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(url.pathname);
    if (orderPath) {
      const order = orders.get(decodeURIComponent(orderPath[1] ?? ''));
      if (!order) {
        send(response, 404, {
          name: 'RESOURCE_NOT_FOUND',
          message: 'The specified resource does not exist.',
          details: [{ issue: 'INVALID_RESOURCE_ID' }],
        });
        return;
      }
      if (request.method === 'GET' && !orderPath[2]) {
        send(response, 200, renderOrder(order));
        return;
      }
      if (request.method === 'POST' && orderPath[2]) {
        if (order.status === 'COMPLETED') return unprocessable(response, 'ORDER_ALREADY_CAPTURED');
        if (order.status !== 'APPROVED') return unprocessable(response, 'ORDER_NOT_APPROVED');
        if (fake.captureOutcome === 'DECLINED') {
          // PayPal's restart flow: the buyer may choose another funding source and approve again.
          order.status = 'CREATED';
          return unprocessable(response, 'INSTRUMENT_DECLINED');
        }
        const processorCode = PROCESSOR_CODES[fake.captureOutcome];
        const capture: NonNullable<FakeOrder['capture']> = {
          id: randomUUID().replace(/-/g, '').slice(0, 17).toUpperCase(),
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
      if (!order?.capture) {
        send(response, 404, {
          name: 'RESOURCE_NOT_FOUND',
          message: 'The specified resource does not exist.',
          details: [{ issue: 'INVALID_RESOURCE_ID' }],
        });
        return;
      }
      if (order.capture.status === 'REFUNDED') return unprocessable(response, 'CAPTURE_FULLY_REFUNDED');
      if (fake.refundOutcome === 'FAILED') return unprocessable(response, 'REFUND_FAILED_INSUFFICIENT_FUNDS');
      if (fake.refundOutcome === 'COMPLETED') order.capture.status = 'REFUNDED';
      remember(201, { id: randomUUID().replace(/-/g, '').slice(0, 17).toUpperCase(), status: fake.refundOutcome });
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
