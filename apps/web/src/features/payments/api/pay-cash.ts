import { orderSchema, type Order } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { payableOrderPath, type PayableOrder } from './payable-order.ts';

/** POST /api/orders/{id}/pay-cash: an unpaid PayPal order is paid in cash instead and goes to the kitchen. */
export function payCash(order: PayableOrder): Promise<Order> {
  return apiRequest(payableOrderPath(order, 'pay-cash'), orderSchema, { method: 'POST' });
}
