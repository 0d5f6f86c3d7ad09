import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PersonalDataExport } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import {
  addresses,
  customerSessions,
  orderEvents,
  orderItems,
  orders,
  outbox,
  stores,
  users,
} from '../../db/schema.ts';

// What the shop holds about a customer (GDPR Art. 15, 20), read in a few queries however many orders they
// placed: the parts are what was stored, as stored (amounts in cents, item names in both languages).

type OrderRow = typeof orders.$inferSelect;

/** The shop the file comes from: its name and address on the web, and its time zone for the file's date. */
export interface Shop {
  name: string;
  url: string;
  timezone: string;
}

export async function readShop(db: Db, publicUrl: string): Promise<Shop> {
  const [store] = await db
    .select({ name: stores.name, timezone: stores.timezone })
    .from(stores)
    .orderBy(asc(stores.id))
    .limit(1);
  return { name: store?.name ?? '', url: publicUrl, timezone: store?.timezone ?? 'Europe/Berlin' };
}

/** `meine-daten-<shop>-<yyyy-mm-dd>.json`, the shop's name in plain letters, the date where the shop is. */
export function exportFileName(shop: Shop, at: Date): string {
  const slug =
    shop.name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/ß/g, 'ss')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'shop';
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: shop.timezone }).format(at);
  return `meine-daten-${slug}-${day}.json`;
}

/** Whose mails an export lists or an erasure removes: the account's address, and the orders' own mails. */
export interface MailOwner {
  /** The account's address: every mail to it is theirs. Null for a guest. */
  accountEmail: string | null;
  /** Each order's number and the e-mail address it was placed with. */
  orders: { id: number; email: string | null }[];
}

/** The order number in an order mail's subject ("Ihre Bestellung Nr. 12 …", "Your order no. 12 …"). */
const ORDER_NUMBER_IN_SUBJECT = '(?:Nr\\.|no\\.) ([0-9]+)';

/**
 * The outbox rows that are a customer's: every mail to their account's address, and the mails about their
 * orders sent elsewhere (an address typed at checkout), known by the order's number in the subject. Only an
 * order's own mails, not every mail to an address typed there: it may be someone else's inbox. Undefined
 * when there are none to look for.
 */
export function mailsOf(owner: MailOwner): SQL | undefined {
  const conditions: SQL[] = [];
  if (owner.accountEmail !== null) conditions.push(eq(outbox.toAddress, owner.accountEmail));
  const typed = owner.orders.flatMap((order) =>
    order.email !== null && order.email !== owner.accountEmail ? [{ id: order.id, email: order.email }] : [],
  );
  if (typed.length > 0) {
    const pairs = sql.join(
      typed.map((order) => sql`(${order.email}::text, ${order.id}::int)`),
      sql`, `,
    );
    // The addresses narrow the rows by the outbox's index before any subject is read.
    const aboutTheOrder = and(
      inArray(outbox.toAddress, [...new Set(typed.map((order) => order.email))]),
      sql`left(${outbox.kind}, 6) = 'order_'`,
      sql`(${outbox.toAddress}, substring(${outbox.subject} from ${ORDER_NUMBER_IN_SUBJECT})::int) in (${pairs})`,
    );
    if (aboutTheOrder) conditions.push(aboutTheOrder);
  }
  return conditions.length > 0 ? or(...conditions) : undefined;
}

export function mailOwner(accountEmail: string | null, rows: Pick<OrderRow, 'id' | 'address'>[]): MailOwner {
  return { accountEmail, orders: rows.map((row) => ({ id: row.id, email: row.address.email })) };
}

async function readMails(db: Db, owner: MailOwner) {
  const where = mailsOf(owner);
  if (!where) return [];
  const rows = await db.select().from(outbox).where(where).orderBy(asc(outbox.createdAt), asc(outbox.id));
  // The text is what reached their inbox: it is theirs as much as the subject. The HTML says the same.
  return rows.map((row) => ({
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  }));
}

/** The orders with their lines, history and payment: two queries for all of them. */
async function orderRecords(db: Db, rows: OrderRow[]): Promise<Record<string, unknown>[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [items, events] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.orderId), asc(orderItems.position)),
    db
      .select()
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, ids))
      .orderBy(asc(orderEvents.orderId), asc(orderEvents.id)),
  ]);
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  return rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    status: row.status,
    order_type: row.orderType,
    language: row.language,
    requested_time: iso(row.requestedTime),
    promised_at: row.promisedAt.toISOString(),
    eta_at: iso(row.etaAt),
    customer: {
      name: row.address.customerName,
      phone: row.address.phone,
      email: row.address.email,
      line1: row.address.line1,
      line2: row.address.line2,
      zip: row.address.zip,
      city: row.address.city,
      country: row.address.country,
    },
    postcode: row.postcode,
    note: row.note,
    rejection_reason: row.rejectionReason,
    cancellation_reason: row.cancellationReason,
    items: items
      .filter((item) => item.orderId === row.id)
      .map((item) => ({
        product_id: item.productId,
        variant_id: item.variantId,
        name: item.name,
        variant_name: item.variantName,
        unit_price_cents: item.unitPriceCents,
        quantity: item.quantity,
        extras: item.extras.map((extra) => ({
          id: extra.id,
          name: extra.name,
          price_cents: extra.priceCents,
          quantity: extra.quantity,
        })),
        tax_percentage: item.taxPercentage,
        line_total_cents: item.lineTotalCents,
        deposit_cents: item.depositCents,
      })),
    amounts: {
      subtotal_cents: row.subtotalCents,
      discount_code: row.discountCode,
      discount_percentage: row.discountPercentage,
      discount_cents: row.discountCents,
      deposit_cents: row.depositCents,
      delivery_fee_cents: row.deliveryFeeCents,
      total_cents: row.totalCents,
      vat: row.vat.map((share) => ({
        percentage: share.percentage,
        amount_cents: share.amountCents,
        gross_cents: share.grossCents ?? null,
      })),
    },
    // Who changed the status by kind only: a member of staff's name is theirs, not the customer's.
    status_history: events
      .filter((event) => event.orderId === row.id)
      .map((event) => ({
        status: event.status,
        at: event.createdAt.toISOString(),
        by: event.actorKind,
        note: event.note,
      })),
    payment: {
      method: row.paymentMethod,
      status: row.paymentStatus,
      amount_cents: row.totalCents,
      paypal_order_id: row.paypalOrderId,
      paypal_capture_id: row.paypalCaptureId,
      paypal_refund_id: row.paypalRefundId,
      updated_at: iso(row.paymentUpdatedAt),
    },
  }));
}

function header(shop: Shop, at: Date) {
  return { exported_at: at.toISOString(), shop: { name: shop.name, url: shop.url } };
}

/**
 * Everything about an account: profile, saved addresses, every order, the mails, the signed-in devices.
 * Consents: the shop records none (registering and ordering ask for no agreement), so the list is empty.
 * Null when the account is gone.
 */
export async function accountExport(db: Db, userId: number, shop: Shop, at: Date): Promise<PersonalDataExport | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const [saved, orderRows, sessions] = await Promise.all([
    db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id)),
    db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt), asc(orders.id)),
    db.select().from(customerSessions).where(eq(customerSessions.userId, userId)).orderBy(asc(customerSessions.id)),
  ]);
  const [orderList, mails] = await Promise.all([
    orderRecords(db, orderRows),
    readMails(db, mailOwner(user.email, orderRows)),
  ]);
  return {
    ...header(shop, at),
    profile: {
      email: user.email,
      customer_name: user.customerName,
      phone: user.phone,
      language: user.language,
      created_at: user.createdAt.toISOString(),
      email_confirmed_at: user.emailConfirmedAt?.toISOString() ?? null,
    },
    addresses: saved.map((address) => ({
      customer_name: address.customerName,
      phone: address.phone,
      line1: address.line1,
      line2: address.line2,
      zip: address.zip,
      city: address.city,
      country: address.country,
      is_default: address.isDefault,
      created_at: address.createdAt.toISOString(),
      updated_at: address.updatedAt.toISOString(),
    })),
    orders: orderList,
    consents: [],
    sessions: sessions.map((session) => ({
      device_name: session.deviceName,
      created_at: session.createdAt.toISOString(),
      last_used_at: session.lastUsedAt.toISOString(),
      expires_at: session.expiresAt.toISOString(),
      revoked_at: session.revokedAt?.toISOString() ?? null,
    })),
    mails,
  };
}

/** A guest's one order and its mails: no profile, addresses or devices, as a guest has none. */
export async function guestOrderExport(db: Db, row: OrderRow, shop: Shop, at: Date): Promise<PersonalDataExport> {
  const [orderList, mails] = await Promise.all([orderRecords(db, [row]), readMails(db, mailOwner(null, [row]))]);
  return { ...header(shop, at), profile: null, addresses: [], orders: orderList, consents: [], sessions: [], mails };
}
