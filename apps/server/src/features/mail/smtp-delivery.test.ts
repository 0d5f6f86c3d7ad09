import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { randomUUID } from 'node:crypto';
import { outbox } from '../../db/schema.ts';
import { buildTestServer, pickupOrder, pinClock, simpleProduct, type TestServer } from '../../../test/helper.ts';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a random local port that keeps what it receives (or refuses every recipient). */
async function startSmtpServer(options: { refuse?: boolean } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse) callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable soft line breaks and escapes (`=3D`), as a mail client would. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

describe('mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await buildTestServer({
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://pizza.example',
      MAIL_FROM: 'Pizzeria Bella Napoli <bestellung@bella-napoli.example>',
    });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('delivers the reset mail, whose link resets the password exactly once', async () => {
    const { app } = server;
    const email = 'smtp-reset@example.com';
    const registered = await app.inject({
      method: 'POST',
      url: '/api/register/customer',
      headers: { 'accept-language': 'de' },
      payload: { customer_name: 'Luca Bianchi', email, password: 'Funghi-und-Oliven-21' },
    });
    expect(registered.statusCode).toBe(201);

    const forgot = await app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
    expect(forgot.statusCode).toBe(200);

    const mail = await vi.waitFor(
      () => {
        const found = smtp.received.find((message) =>
          /reset-password\?token=/.test(decodeQuotedPrintable(message.raw)),
        );
        if (!found) throw new Error('no reset mail yet');
        return found;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe('bestellung@bella-napoli.example');
    const body = decodeQuotedPrintable(mail.raw);
    const link = /https:\/\/pizza\.example\/order-online\/reset-password\?token=([\w-]+)/.exec(body);
    expect(link?.[1]).toBeTruthy();
    const token = link?.[1] ?? '';

    const first = await app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token, password: 'Neues-Passwort-fuer-Luca-4' },
    });
    expect(first.statusCode).toBe(200);
    const second = await app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token, password: 'Noch-ein-Passwort-fuer-Luca-5' },
    });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ code: 'invalid_reset_token' });

    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: email, password: 'Neues-Passwort-fuer-Luca-4' },
    });
    expect(login.statusCode).toBe(200);

    // The outbox keeps the mail and records its delivery.
    await vi.waitFor(async () => {
      const rows = await app.database.db.select().from(outbox).where(eq(outbox.toAddress, email));
      const reset = rows.find((row) => row.kind === 'password_reset');
      expect(reset?.sentAt).toBeInstanceOf(Date);
      expect(reset?.error).toBeNull();
    });
  });
});

describe('mail when the SMTP server refuses', () => {
  it('records the error in the outbox and still answers the request', async () => {
    const smtp = await startSmtpServer({ refuse: true });
    const server = await buildTestServer({ SMTP_URL: smtp.url });
    try {
      const { app } = server;
      const email = 'refused@example.com';
      const registered = await app.inject({
        method: 'POST',
        url: '/api/register/customer',
        payload: { customer_name: 'Refused', email, password: 'Diavola-extra-scharf-6' },
      });
      expect(registered.statusCode).toBe(201);
      const forgot = await app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
      expect(forgot.statusCode).toBe(200);
      await vi.waitFor(
        async () => {
          const rows = await app.database.db.select().from(outbox).where(eq(outbox.toAddress, email));
          expect(rows.map((row) => row.kind).sort()).toEqual(['password_reset', 'welcome']);
          for (const row of rows) {
            expect(row.sentAt).toBeNull();
            expect(row.error).toMatch(/Mailbox unavailable|550/);
          }
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await server.close();
      await smtp.close();
    }
  });
});

describe('mails to one address', () => {
  it('sends at most MAILS_PER_HOUR_PER_RECIPIENT an hour and keeps the rest unsent in the outbox', async () => {
    const smtp = await startSmtpServer();
    const server = await buildTestServer({ SMTP_URL: smtp.url, MAILS_PER_HOUR_PER_RECIPIENT: '3' });
    try {
      const { app } = server;
      pinClock(app);
      const productId = (await simpleProduct(app)).id;
      // Someone orders five times for an address of somebody else's (in any case of letters).
      for (const email of [
        'victim@example.com',
        'Victim@example.com',
        'victim@example.com ',
        'VICTIM@example.com',
        'victim@example.com',
      ]) {
        const order = pickupOrder(productId);
        const placed = await app.inject({
          method: 'POST',
          url: '/api/orders/guest',
          headers: { 'idempotency-key': randomUUID() },
          payload: { ...order, address: { ...(order.address as Record<string, unknown>), email: email.trim() } },
        });
        expect(placed.statusCode).toBe(201);
      }
      await vi.waitFor(
        async () => {
          const rows = await app.database.db.select().from(outbox);
          const mine = rows.filter((row) => row.toAddress.toLowerCase() === 'victim@example.com');
          expect(mine).toHaveLength(5);
          expect(mine.filter((row) => row.sentAt !== null)).toHaveLength(3);
          expect(mine.filter((row) => row.error?.startsWith('held back'))).toHaveLength(2);
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(smtp.received.filter((mail) => mail.to[0]?.toLowerCase() === 'victim@example.com')).toHaveLength(3);

      // Another address is not held back.
      const other = await app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: 'other@example.com' },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await server.close();
      await smtp.close();
    }
  });
});
