import { orderSchema, type Order } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { payableOrderPath, type PayableOrder } from './payable-order.ts';

/**
 * POST /api/orders/{id}/paypal/capture once the buyer approved: the paid order (200, now `waiting`), or
 * the order whose capture PayPal still checks (202, `payment_status: 'pending'`). Trying again after a
 * 503 is safe: the server never charges twice.
 */
export function capturePayPalOrder(order: PayableOrder): Promise<Order> {
  return apiRequest(payableOrderPath(order, 'paypal/capture'), orderSchema, { method: 'POST' });
}
