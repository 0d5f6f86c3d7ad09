import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { ERASED_CUSTOMER_NAME, isFinalStatus, ORDER_TRANSITIONS, type OrderStatus } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { orders, outbox, users, type OrderAddress } from '../../db/schema.ts';
import { mailOwner, mailsOf } from './export.ts';

// Erasing a customer's personal data (GDPR Art. 17) while the orders stay: accounting records are kept for
// up to 10 years (§ 147 AO, § 14 UStG), so an order keeps its lines and amounts and loses who placed it.

/** An order still on its way (not final): deleting the data it is delivered with waits until it is done. */
export const OPEN_STATUSES: OrderStatus[] = (Object.keys(ORDER_TRANSITIONS) as OrderStatus[]).filter(
  (status) => !isFinalStatus(status),
);

/**
 * Above this gross total an invoice must name the customer and their address (§ 14 Abs. 4 UStG); up to it
 * a Kleinbetragsrechnung needs neither (§ 33 UStDV).
 */
export const INVOICE_NAMES_CUSTOMER_ABOVE_CENTS = 25_000;

/** What replaces an order's personal data when its invoice must name the customer: phone and e-mail only. */
const KEPT_FOR_INVOICE = { phone: '', email: null } satisfies Partial<OrderAddress>;
/** What replaces it otherwise: the name and address lines too. Postcode and city stay (the delivery area). */
const ERASED = {
  ...KEPT_FOR_INVOICE,
  customerName: ERASED_CUSTOMER_NAME,
  line1: '',
  line2: null,
} satisfies Partial<OrderAddress>;

/** An order's contact once its personal data is replaced (the rule `eraseOrders` writes in SQL). */
export function erasedAddress(address: OrderAddress, totalCents: number): OrderAddress {
  return { ...address, ...(totalCents > INVOICE_NAMES_CUSTOMER_ABOVE_CENTS ? KEPT_FOR_INVOICE : ERASED) };
}

/**
 * Replaces the personal data of the orders `where` picks, in one statement: detached from any account,
 * the note gone, the contact as `erasedAddress` says. The mails about them go too (with `accountEmail`,
 * every mail to the account's address).
 */
async function eraseOrders(tx: Db, where: SQL, accountEmail: string | null): Promise<number[]> {
  const picked = await tx.select({ id: orders.id, address: orders.address }).from(orders).where(where).for('update');
  const mails = mailsOf(mailOwner(accountEmail, picked));
  if (mails) await tx.delete(outbox).where(mails);
  if (picked.length === 0) return [];
  await tx
    .update(orders)
    .set({
      userId: null,
      note: null,
      address: sql`${orders.address} || case when ${orders.totalCents} > ${INVOICE_NAMES_CUSTOMER_ABOVE_CENTS}
        then ${JSON.stringify(KEPT_FOR_INVOICE)}::jsonb else ${JSON.stringify(ERASED)}::jsonb end`,
    })
    .where(
      inArray(
        orders.id,
        picked.map((order) => order.id),
      ),
    );
  return picked.map((order) => order.id);
}

/** `orders`: the ids of the orders erased with the account (for the order journal: decision 014). */
export type AccountDeletion = { kind: 'deleted'; orders: number[] } | { kind: 'orders_open' } | { kind: 'gone' };

/**
 * Deletes a customer's account in one transaction: its orders erased and detached, then the user row,
 * whose addresses, devices and links go with it (their foreign keys cascade). The account's row is locked
 * first, so no order of theirs can be placed meanwhile (placing one waits for it and then finds no account).
 */
export async function deleteAccount(db: Db, userId: number): Promise<AccountDeletion> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.role, 'customer')))
      .for('update');
    if (!user) return { kind: 'gone' };
    const [open] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), inArray(orders.status, OPEN_STATUSES)))
      .limit(1);
    if (open) return { kind: 'orders_open' };
    const erased = await eraseOrders(tx, eq(orders.userId, userId), user.email);
    await tx.delete(users).where(eq(users.id, userId));
    return { kind: 'deleted', orders: erased };
  });
}

export type GuestErasure = 'erased' | 'orders_open' | 'not_found';

/** Erases a guest's order (never an account's: its customer uses the account's own rights). */
export async function eraseGuestOrder(db: Db, orderId: number): Promise<GuestErasure> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, orderId), isNull(orders.userId)))
      .for('update');
    if (!order) return 'not_found';
    if (OPEN_STATUSES.includes(order.status)) return 'orders_open';
    await eraseOrders(tx, eq(orders.id, orderId), null);
    return 'erased';
  });
}
