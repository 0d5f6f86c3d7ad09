import { fromCents, type DiscountCode, type Language, type Order, type OrderHalf } from '@pizzeria/domain';
import type { OrderLineHalf, orderItems, orders } from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
/** An order line as it is written: everything but the id the database gives it, which no one shows. */
export type OrderItemValues = Omit<OrderItemRow, 'id'>;

function isDiscountCode(code: string | null): code is DiscountCode {
  return code === 'DELIVERY_DISCOUNT' || code === 'PICKUP_DISCOUNT';
}

/**
 * Who called a cancelled order off: staff cancel only what they accepted (so the restaurant's decision
 * has its time), the customer only what the restaurant never answered (decision 027).
 */
export function cancelledBy(row: Pick<OrderRow, 'status' | 'decidedAt'>): 'customer' | 'restaurant' | null {
  if (row.status !== 'cancelled') return null;
  return row.decidedAt === null ? 'customer' : 'restaurant';
}

/** One half of a half-and-half pizza as the API shows it (`orderHalfSchema`): its toppings at full price. */
function renderHalf(half: OrderLineHalf, language: Language): OrderHalf {
  return {
    product_id: half.productId,
    variant_id: half.variantId,
    name: half.name[language],
    variant_name: half.variantName?.[language] ?? null,
    base_price: fromCents(half.basePriceCents),
    extras: half.extras.map((extra) => ({
      id: extra.id,
      name: extra.name[language],
      price: fromCents(extra.priceCents),
      quantity: extra.quantity,
    })),
  };
}

/** An order as the API shows it, in one language; the tracking token only for those who may hold it. */
export function renderOrder(
  row: OrderRow,
  items: readonly OrderItemValues[],
  language: Language,
  options: { withTrackingToken: boolean },
): Order {
  const lines = [...items].sort((a, b) => a.position - b.position);
  return {
    id: row.id,
    store_id: row.storeId,
    status: row.status,
    order_type: row.orderType,
    payment_method: row.paymentMethod,
    payment_status: row.paymentStatus,
    postcode: row.postcode,
    requested_time: row.requestedTime?.toISOString() ?? null,
    promised_at: row.promisedAt.toISOString(),
    eta_minutes: row.etaMinutes,
    eta_at: row.etaAt?.toISOString() ?? null,
    rejection_reason: row.rejectionReason,
    cancellation_reason: row.cancellationReason,
    cancelled_by: cancelledBy(row),
    note: row.note,
    customer_name: row.address.customerName,
    phone: row.address.phone,
    email: row.address.email,
    address: {
      line1: row.address.line1,
      line2: row.address.line2,
      city: row.address.city,
      zip: row.address.zip,
      country: row.address.country,
    },
    items: lines.map((line) => {
      const name = line.name[language];
      const variantName = line.variantName?.[language] ?? null;
      return {
        product_id: line.productId,
        variant_id: line.variantId,
        name,
        variant_name: variantName,
        display_name: variantName ? `${name} (${variantName})` : name,
        price: fromCents(line.unitPriceCents),
        quantity: line.quantity,
        extras: line.extras.map((extra) => ({
          id: extra.id,
          name: extra.name[language],
          price: fromCents(extra.priceCents),
          quantity: extra.quantity,
        })),
        tax_percentage: line.taxPercentage,
        line_total: fromCents(line.lineTotalCents),
        deposit: fromCents(line.depositCents),
        deposit_total: fromCents(line.depositCents * line.quantity),
        // A half-and-half pizza's halves; a whole dish's line goes without (as orders before halves did).
        ...(line.halves ? { halves: line.halves.map((half) => renderHalf(half, language)) } : {}),
      };
    }),
    subtotal: fromCents(row.subtotalCents),
    discount_code: isDiscountCode(row.discountCode) ? row.discountCode : null,
    discount_percentage: row.discountPercentage,
    discount: fromCents(row.discountCents),
    voucher_code: row.voucherCode,
    voucher_discount: fromCents(row.voucherCents),
    deposit: fromCents(row.depositCents),
    delivery_fee: fromCents(row.deliveryFeeCents),
    total: fromCents(row.totalCents),
    vat: row.vat.map((share) => ({ percentage: share.percentage, amount: fromCents(share.amountCents) })),
    created_at: row.createdAt.toISOString(),
    revision: row.revision,
    ...(options.withTrackingToken ? { tracking_token: row.trackingToken } : {}),
  };
}
