/**
 * The shop's order a payment belongs to, and how to reach it: a guest's tracking token as `?token=`,
 * or null for a signed-in customer, whose bearer token the API client sends (like GET /api/orders/{id}).
 */
export interface PayableOrder {
  id: number;
  token: string | null;
}

export function payableOrderPath({ id, token }: PayableOrder, action: string): string {
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return `/orders/${id}/${action}${query}`;
}
