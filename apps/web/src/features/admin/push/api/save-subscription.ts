import type { PushSubscriptionRequest } from '@pizzeria/domain';
import { staffRequest } from '../../auth/staff-session.ts';

/** `PUT /api/admin/push/subscription`: this device's subscription; it rings for each new order from now on. */
export function saveSubscription(subscription: PushSubscriptionRequest): Promise<undefined> {
  return staffRequest<undefined>('/admin/push/subscription', null, { method: 'PUT', json: subscription });
}
