import { staffRequest } from '../../auth/staff-session.ts';

/** `DELETE /api/admin/push/subscription`: this device rings no more. */
export function deleteSubscription(): Promise<undefined> {
  return staffRequest<undefined>('/admin/push/subscription', null, { method: 'DELETE' });
}
