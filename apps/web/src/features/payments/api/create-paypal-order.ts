import { paypalOrderSchema } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { payableOrderPath, type PayableOrder } from './payable-order.ts';

/**
 * POST /api/orders/{id}/paypal: the PayPal order for the server's total, which the buyer approves in
 * PayPal's window. Asking again (after a cancelled window) answers the same PayPal order.
 */
export async function createPayPalOrder(order: PayableOrder): Promise<string> {
  const created = await apiRequest(payableOrderPath(order, 'paypal'), paypalOrderSchema, { method: 'POST' });
  return created.paypal_order_id;
}
