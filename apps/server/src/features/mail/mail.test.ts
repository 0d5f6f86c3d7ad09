import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import database from '../../plugins/database.ts';
import rateLimits from '../../plugins/rate-limits.ts';
import { outbox } from '../../db/schema.ts';
import mail from './mail.ts';

describe('mail without SMTP_URL', () => {
  let app: FastifyInstance;
  const logLines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        logLines.push(chunk.toString('utf8'));
        callback();
      },
    });
    app = Fastify({ logger: { level: 'info', stream } });
    await app.register(database, { dataDir: 'memory://' });
    await app.register(rateLimits);
    await app.register(mail, {
      from: 'Pizzeria Bella Napoli <bestellung@bella-napoli.example>',
      publicUrl: 'http://localhost:3000/',
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('keeps the mail in the outbox and logs that it did, never its text or link', async () => {
    await app.mail.passwordReset('anna@example.com', 'en', {
      name: 'Anna',
      link: 'http://localhost:3000/order-online/reset-password?token=local-token-1',
    });
    const rows = await app.database.db.select().from(outbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'password_reset',
      toAddress: 'anna@example.com',
      subject: 'Reset your Pizzeria Bella Napoli password',
      sentAt: null,
      error: null,
    });
    expect(rows[0]?.htmlBody).toContain(
      '<a href="http://localhost:3000/order-online/reset-password?token=local-token-1">',
    );
    const logged = logLines.map((line) => JSON.parse(line) as { level: number; msg: string; mail?: unknown });
    const entry = logged.find((line) => line.msg === 'mail kept in the outbox (no SMTP_URL)');
    expect(entry?.level).toBe(30);
    expect(entry?.mail).toEqual({ id: rows[0]?.id, kind: 'password_reset' });
    expect(logLines.join('\n')).not.toContain('local-token-1');
  });

  it('sends a plain message as given', async () => {
    await app.mail.send({ kind: 'test', to: 'b@example.com', subject: 'Hi', text: 'Plain text' });
    const rows = await app.database.db.select().from(outbox);
    expect(rows.find((row) => row.kind === 'test')).toMatchObject({ textBody: 'Plain text', htmlBody: null });
  });
});
