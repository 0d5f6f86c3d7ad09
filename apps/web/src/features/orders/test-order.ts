import type { Order } from '@pizzeria/domain';
import { orderAnswer } from '@pizzeria/domain/testing';

/** An order as GET /api/orders/{id} answers it, for tests. */
export const testOrder: Order = orderAnswer({ note: 'Bitte klingeln' });
