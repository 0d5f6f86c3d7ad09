import { messageResponseSchema, type StaffInvitationAccept } from '@pizzeria/domain';
import { staffFetch } from '../../auth/staff-session.ts';

/**
 * `POST /api/staff/invitation/accept` (signed out): sets the password and makes the account, once; the
 * page then signs this device in with it, as the login does.
 */
export function acceptInvitation(accept: StaffInvitationAccept) {
  return staffFetch('/staff/invitation/accept', messageResponseSchema, { method: 'POST', json: accept });
}
