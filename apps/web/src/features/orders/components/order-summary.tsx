import { toCents, type Order } from '@pizzeria/domain';
import { OrderSummaryView } from './summary-view.tsx';

/** An order's lines and totals exactly as the server stored and charged them (in euros: shown in cents). */
export function OrderSummary({ order }: { order: Order }) {
  return (
    <OrderSummaryView
      lines={order.items.map((item, index) => ({
        key: `${item.product_id}-${index}`,
        quantity: item.quantity,
        name: item.display_name,
        extras: item.extras.map((extra) => ({ ...extra, price: toCents(extra.price) })),
        halves: item.halves,
        total: toCents(item.line_total),
        deposit: toCents(item.deposit_total),
      }))}
      note={order.note}
      totals={{
        orderType: order.order_type,
        subtotal: toCents(order.subtotal),
        discount: toCents(order.discount),
        discountPercent: order.discount_percentage,
        voucher: toCents(order.voucher_discount ?? 0),
        voucherCode: order.voucher_code ?? null,
        deposit: toCents(order.deposit),
        deliveryFee: toCents(order.delivery_fee),
        total: toCents(order.total),
        vat: order.vat.map((share) => ({ rate: share.percentage, amount: toCents(share.amount) })),
      }}
    />
  );
}
