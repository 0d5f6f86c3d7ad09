import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  fromCents,
  normaliseVoucherCode,
  toCents,
  type AdminVoucher,
  type VoucherCreate,
  type VoucherTerms,
  type VoucherValue,
} from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { stores, vouchers } from '../../db/schema.ts';

// Reading and writing the `vouchers` rows. Staff give the validity as the store's local days (the first
// and the last day, both included); the row holds instants (`valid_until` is the start of the day after
// the last), so that an order checks them against its own moment. PostgreSQL converts both ways with the
// store's time zone, as the reports bound their days: a DST day keeps its 23 or 25 hours.

const voucherColumns = {
  id: vouchers.id,
  storeId: vouchers.storeId,
  code: vouchers.code,
  kind: vouchers.kind,
  percentage: vouchers.percentage,
  amountCents: vouchers.amountCents,
  minimumOrderCents: vouchers.minimumOrderCents,
  validFrom: vouchers.validFrom,
  validUntil: vouchers.validUntil,
  orderTypes: vouchers.orderTypes,
  maxUses: vouchers.maxUses,
  maxUsesPerCustomer: vouchers.maxUsesPerCustomer,
  firstOrderOnly: vouchers.firstOrderOnly,
  active: vouchers.active,
  uses: vouchers.uses,
  createdAt: vouchers.createdAt,
  version: vouchers.version,
  /** The first and the last valid day in the store's zone (`yyyy-mm-dd`). */
  firstDay: sql<string | null>`to_char(${vouchers.validFrom} at time zone ${stores.timezone}, 'YYYY-MM-DD')`,
  lastDay: sql<
    string | null
  >`to_char((${vouchers.validUntil} at time zone ${stores.timezone}) - interval '1 day', 'YYYY-MM-DD')`,
  combinesWithDiscount: stores.vouchersCombineWithDiscount,
};

export function renderVoucher(row: VoucherRow): AdminVoucher {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percentage: row.kind === 'percentage' ? row.percentage : null,
    amount: row.kind === 'amount' && row.amountCents !== null ? fromCents(row.amountCents) : null,
    minimum_order_amount: fromCents(row.minimumOrderCents),
    valid_from: row.firstDay,
    valid_to: row.lastDay,
    order_types: row.orderTypes,
    max_uses: row.maxUses,
    max_uses_per_customer: row.maxUsesPerCustomer,
    first_order_only: row.firstOrderOnly,
    active: row.active,
    uses: row.uses,
    created_at: row.createdAt.toISOString(),
    version: row.version,
  };
}

/** What a voucher takes off, as `computeTotals` takes it. */
export function valueOf(row: Pick<VoucherRow, 'kind' | 'percentage' | 'amountCents'>): VoucherValue {
  return row.kind === 'percentage'
    ? { kind: 'percentage', percentage: row.percentage ?? 0 }
    : { kind: 'amount', amountCents: row.amountCents ?? 0 };
}

/** The terms the domain's `voucherProblem` checks. */
export function termsOf(row: VoucherRow): VoucherTerms {
  return {
    code: row.code,
    value: valueOf(row),
    minimumOrderCents: row.minimumOrderCents,
    validFrom: row.validFrom?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
    orderTypes: row.orderTypes,
  };
}

function selectVouchers(db: Db, where: SQL | undefined) {
  return db
    .select(voucherColumns)
    .from(vouchers)
    .innerJoin(stores, eq(stores.id, vouchers.storeId))
    .where(and(where, isNull(vouchers.archivedAt)));
}

/** A voucher as read: its columns, its days in the store's zone, and the store's setting. */
export type VoucherRow = Awaited<ReturnType<typeof selectVouchers>>[number];

/** The store's vouchers not removed, newest first. */
export function listVouchers(db: Db, storeId: number) {
  return selectVouchers(db, eq(vouchers.storeId, storeId)).orderBy(desc(vouchers.createdAt), desc(vouchers.id));
}

/** One of the store's vouchers not removed; `lock`: `FOR UPDATE` of the voucher's row (not the store's). */
export async function voucherById(
  db: Db,
  storeId: number,
  voucherId: number,
  lock = false,
): Promise<VoucherRow | undefined> {
  const query = selectVouchers(db, and(eq(vouchers.storeId, storeId), eq(vouchers.id, voucherId)));
  const [row] = lock ? await query.for('update', { of: vouchers }) : await query;
  return row;
}

/** The live voucher with this code (any case, spaces ignored), active or not. */
export async function voucherByCode(db: Db, storeId: number, code: string): Promise<VoucherRow | undefined> {
  const [row] = await selectVouchers(
    db,
    and(eq(vouchers.storeId, storeId), sql`upper(${vouchers.code}) = ${normaliseVoucherCode(code)}`),
  );
  return row;
}

/** The columns a create or an update writes, the days turned into instants in the store's zone. */
export function columnsOf(body: VoucherCreate, timeZone: string) {
  return {
    code: normaliseVoucherCode(body.code),
    kind: body.kind,
    percentage: body.kind === 'percentage' ? body.percentage : null,
    amountCents: body.kind === 'amount' && body.amount !== null ? toCents(body.amount) : null,
    minimumOrderCents: toCents(body.minimum_order_amount),
    validFrom: body.valid_from === null ? null : sql`(${body.valid_from}::date)::timestamp at time zone ${timeZone}`,
    validUntil: body.valid_to === null ? null : sql`(${body.valid_to}::date + 1)::timestamp at time zone ${timeZone}`,
    orderTypes: body.order_types,
    maxUses: body.max_uses,
    maxUsesPerCustomer: body.max_uses_per_customer,
    firstOrderOnly: body.first_order_only,
    active: body.active,
  };
}
