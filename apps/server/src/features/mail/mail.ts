import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Currency, Language, Order, StaffRole } from '@pizzeria/domain';
import {
  confirmEmailMail,
  emailChangeMail,
  emailChangeNoticeMail,
  staffInvitationMail,
  welcomeConfirmMail,
} from './account-templates.ts';
import { outbox } from '../../db/schema.ts';
import {
  orderMail,
  passwordResetMail,
  type PickupPlace,
  type RenderedMail,
  type TemplateContext,
} from './templates.ts';

export interface MailMessage {
  /** What the mail is for (`password_reset`, `welcome`, `order_received`, ...): kept in the outbox. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /**
   * Writes the mail to the outbox and, with `SMTP_URL`, delivers it (recording `sent_at` or the error).
   * Never rejects: a mail that cannot be written or sent is logged, and the caller's request goes on.
   * It resolves once the mail is stored and the delivery attempt is over; callers that must not wait
   * for SMTP may leave it running (the server waits for it before closing).
   */
  send(message: MailMessage): Promise<void>;
  passwordReset(to: string, language: Language, data: { name: string; link: string }): Promise<void>;
  /** A new account's welcome with the link confirming its address. */
  welcomeConfirm(to: string, language: Language, data: { name: string; link: string }): Promise<void>;
  /** The link confirming an account's address, sent again. */
  confirmEmail(to: string, language: Language, data: { name: string; link: string }): Promise<void>;
  /** To the new address: the link that makes it the account's. */
  emailChange(to: string, language: Language, data: { name: string; link: string }): Promise<void>;
  /** To the old address: a change was asked for. */
  emailChangeNotice(to: string, language: Language, data: { name: string; newEmail: string }): Promise<void>;
  /** An owner's invitation of a colleague to the back office. */
  staffInvitation(
    to: string,
    language: Language,
    data: { name: string; inviter: string; role: StaffRole; link: string },
  ): Promise<void>;
  /**
   * `order` is rendered in `language` (names of products and extras); `place`, for a pickup order, is
   * where it is collected.
   */
  orderReceived(to: string, language: Language, order: Order, place?: PickupPlace): Promise<void>;
  /**
   * The mail `orderReceived` sends, for a caller that writes its outbox row in its own transaction (an
   * order and its confirmation commit together, in one statement); `deliverWritten` then does the rest.
   */
  orderReceivedMessage(to: string, language: Language, order: Order, place?: PickupPlace): MailMessage;
  /**
   * What `send` does once the mail is in the outbox, for a row the caller wrote (`id`): with `SMTP_URL`
   * delivers it and records `sent_at` or the error, else logs it. Never rejects.
   */
  deliverWritten(id: number, message: MailMessage): Promise<void>;
  orderAccepted(to: string, language: Language, order: Order, place?: PickupPlace): Promise<void>;
  orderRejected(to: string, language: Language, order: Order, place?: PickupPlace): Promise<void>;
  /** Pickup: ready to collect; delivery: on its way. */
  orderReady(to: string, language: Language, order: Order, place?: PickupPlace): Promise<void>;
  orderCancelled(to: string, language: Language, order: Order, place?: PickupPlace): Promise<void>;
  /** The customer called their order off before the restaurant answered it. */
  orderCancelledByCustomer(to: string, language: Language, order: Order, place?: PickupPlace): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
  }
}

export interface MailPluginOptions {
  /** `smtp://user:pass@host:port` (or `smtps://`); without it mails stay in the outbox and the log. */
  smtpUrl?: string;
  /** The sender, e.g. `Pizzeria Bella Napoli <bestellung@bella-napoli.example>`. */
  from: string;
  /** `PUBLIC_URL`, for links in mails. */
  publicUrl: string;
  /** The restaurant's name in subjects and signatures. */
  shopName?: string;
  /** The store's time zone for times in order mails. */
  timeZone?: string;
  currency?: Currency;
  /**
   * Mails to one address per hour, whatever they are: past it a mail stays in the outbox unsent, so that
   * nobody can make the shop flood an address that is not theirs with invented orders.
   */
  perRecipientPerHour?: number;
}

/** The default of `MAILS_PER_HOUR_PER_RECIPIENT`. */
export const DEFAULT_MAILS_PER_RECIPIENT = 20;

/** The display name of a `Name <address>` sender, else the fallback. */
function displayNameOf(from: string, fallback: string): string {
  const match = /^\s*"?([^"<]+?)"?\s*<[^>]+>\s*$/.exec(from);
  return match?.[1] ?? fallback;
}

/**
 * `app.mail`: every mail the shop writes goes to the `outbox` table first; with `SMTP_URL` it is then
 * sent through nodemailer, without it the log carries the whole text (so a password can be reset on a
 * laptop). Sending never throws into a request.
 */
export default fp<MailPluginOptions>(
  async (app, options) => {
    const db = app.database.db;
    const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
    const context: TemplateContext = {
      shopName: options.shopName ?? displayNameOf(options.from, 'Pizzeria'),
      publicUrl: options.publicUrl.replace(/\/+$/, ''),
      timeZone: options.timeZone ?? 'Europe/Berlin',
      currency: options.currency ?? 'EUR',
    };
    const inFlight = new Set<Promise<void>>();
    const recipientLimit = { max: options.perRecipientPerHour ?? DEFAULT_MAILS_PER_RECIPIENT, windowSeconds: 3600 };

    /**
     * Whether the recipient may have one more mail this hour; a count that fails lets the mail go (a mail
     * lost to a hiccup of the counters would be worse than one too many).
     */
    async function recipientMayHaveOneMore(to: string): Promise<boolean> {
      const counter = { kind: 'mail:recipient', subject: to.trim().toLowerCase(), limit: recipientLimit };
      const taken = await app.rateLimits.take([counter]).catch((error: unknown) => {
        app.log.warn({ err: error }, 'could not count a mail to its recipient');
        return { ok: true as const };
      });
      return taken.ok;
    }

    async function deliver(message: MailMessage): Promise<void> {
      let id: number | undefined;
      try {
        const [row] = await db
          .insert(outbox)
          .values({
            kind: message.kind,
            toAddress: message.to,
            subject: message.subject,
            textBody: message.text,
            htmlBody: message.html ?? null,
          })
          .returning({ id: outbox.id });
        id = row?.id;
      } catch (error) {
        app.log.error({ err: error, kind: message.kind }, 'could not write a mail to the outbox');
      }
      await afterWriting(id, message);
    }

    /** A mail in the outbox (as row `id`; undefined when it could not be written): sent, or logged. */
    async function afterWriting(id: number | undefined, message: MailMessage): Promise<void> {
      if (!transport) {
        // Never the text: a reset link in the log is a working key to an account for whoever reads logs.
        app.log.info({ mail: { id, kind: message.kind } }, 'mail kept in the outbox (no SMTP_URL)');
        return;
      }
      if (!(await recipientMayHaveOneMore(message.to))) {
        app.log.warn({ mail: { id, kind: message.kind } }, 'mail held back: too many mails to its address this hour');
        if (id !== undefined) {
          await db
            .update(outbox)
            .set({ error: `held back: more than ${recipientLimit.max} mails to this address within an hour` })
            .where(eq(outbox.id, id))
            .catch((error: unknown) => app.log.error({ err: error }, 'could not record a held-back mail'));
        }
        return;
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
        });
        if (id !== undefined) await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, id));
        app.log.info({ mail: { id, kind: message.kind } }, 'mail sent');
      } catch (error) {
        app.log.error({ err: error, mail: { id, kind: message.kind } }, 'could not send a mail');
        if (id === undefined) return;
        const reason = error instanceof Error ? error.message : String(error);
        await db
          .update(outbox)
          .set({ error: reason.slice(0, 1000) })
          .where(eq(outbox.id, id))
          .catch((updateError: unknown) => app.log.error({ err: updateError }, 'could not record a mail error'));
      }
    }

    /** Keeps the server from closing before `running` is over. */
    function track(running: Promise<void>): Promise<void> {
      const settled = running.catch((error: unknown) => app.log.error({ err: error }, 'mail failed'));
      inFlight.add(settled);
      void settled.finally(() => inFlight.delete(settled));
      return settled;
    }

    const send = (message: MailMessage) => track(deliver(message));

    const sendRendered = (kind: string, to: string, mail: RenderedMail) => send({ kind, to, ...mail });

    app.decorate('mail', {
      send,
      passwordReset: (to, language, data) =>
        sendRendered('password_reset', to, passwordResetMail(language, data, context)),
      welcomeConfirm: (to, language, data) => sendRendered('welcome', to, welcomeConfirmMail(language, data, context)),
      confirmEmail: (to, language, data) =>
        sendRendered('confirm_email', to, confirmEmailMail(language, data, context)),
      emailChange: (to, language, data) => sendRendered('email_change', to, emailChangeMail(language, data, context)),
      emailChangeNotice: (to, language, data) =>
        sendRendered('email_change_notice', to, emailChangeNoticeMail(language, data, context)),
      staffInvitation: (to, language, data) =>
        sendRendered('staff_invitation', to, staffInvitationMail(language, data, context)),
      orderReceived: (to, language, order, place) =>
        sendRendered('order_received', to, orderMail('received', language, order, context, place)),
      orderReceivedMessage: (to, language, order, place) => ({
        kind: 'order_received',
        to,
        ...orderMail('received', language, order, context, place),
      }),
      deliverWritten: (id, message) => track(afterWriting(id, message)),
      orderAccepted: (to, language, order, place) =>
        sendRendered('order_accepted', to, orderMail('accepted', language, order, context, place)),
      orderRejected: (to, language, order, place) =>
        sendRendered('order_rejected', to, orderMail('rejected', language, order, context, place)),
      orderReady: (to, language, order, place) =>
        sendRendered('order_ready', to, orderMail('ready', language, order, context, place)),
      orderCancelled: (to, language, order, place) =>
        sendRendered('order_cancelled', to, orderMail('cancelled', language, order, context, place)),
      orderCancelledByCustomer: (to, language, order, place) =>
        sendRendered(
          'order_cancelled_by_customer',
          to,
          orderMail('cancelled_by_customer', language, order, context, place),
        ),
    } satisfies Mailer);

    // Mails still being written or sent finish before the database closes.
    app.addHook('preClose', async () => {
      await Promise.allSettled([...inFlight]);
      transport?.close();
    });
  },
  { name: 'mail', dependencies: ['database', 'rate-limits'] },
);
