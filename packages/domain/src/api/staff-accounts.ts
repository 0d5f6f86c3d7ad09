import * as z from 'zod/mini';
import { staffRoleSchema } from '../staff-roles.ts';
import { emailSchema, passwordSchema } from './accounts.ts';
import { idParamSchema } from './ids.ts';
import { inputString, personNameInput } from './input.ts';
import { staffSessionSchema } from './staff.ts';

/** How long an invitation's link works (docs/product/back-office.md). */
export const STAFF_INVITATION_HOURS = 48;

export const staffNameSchema = personNameInput(100);

/** One member of staff (`GET /api/admin/staff`): an owner's view of a colleague. */
export const staffMemberSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  /** False once an owner deactivated the account: it signs in nowhere. */
  active: z.boolean(),
  /** How many devices the colleague is signed in on now. */
  device_count: z.int(),
  /** ISO 8601: when one of their devices was last used; null when never signed in. */
  last_seen_at: z.nullable(z.string()),
  /** The caller's own account. */
  you: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** An invitation not yet used (`GET /api/admin/staff`). */
export const staffInvitationSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  /** ISO 8601; the link works until then. */
  expires_at: z.string(),
  /** Whether it has run out (it is listed until withdrawn, so it can be sent again). */
  expired: z.boolean(),
  /** Who invited, by name; null when that account is gone. */
  invited_by: z.nullable(z.string()),
  created_at: z.string(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

export const staffOverviewSchema = z.object({
  members: z.array(staffMemberSchema),
  invitations: z.array(staffInvitationSchema),
});
export type StaffOverview = z.infer<typeof staffOverviewSchema>;

/** `POST /api/admin/staff/invitations`: mails the colleague a link to set a password. */
export const staffInviteSchema = z.object({
  name: staffNameSchema,
  email: emailSchema,
  role: staffRoleSchema,
});
export type StaffInvite = z.infer<typeof staffInviteSchema>;

/** `PATCH /api/admin/staff/{id}`: a new role or name; the last active owner stays an owner. */
export const staffMemberUpdateSchema = z.object({
  role: z.optional(staffRoleSchema),
  name: z.optional(staffNameSchema),
});
export type StaffMemberUpdate = z.infer<typeof staffMemberUpdateSchema>;

export const staffMemberParamsSchema = z.object({ id: idParamSchema });
export const staffMemberSessionParamsSchema = z.object({ id: idParamSchema, sessionId: idParamSchema });

/** `GET /api/admin/staff/{id}/sessions`: a colleague's signed-in devices (`current` is always false). */
export const staffMemberSessionListSchema = z.array(staffSessionSchema);

/** `GET /api/staff/invitation?token=`: what the invitation page shows before the password is set. */
export const staffInvitationTokenQuerySchema = z.object({
  token: inputString().check(z.minLength(1), z.maxLength(200)),
});
export const staffInvitationPreviewSchema = z.object({
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  expires_at: z.string(),
});
export type StaffInvitationPreview = z.infer<typeof staffInvitationPreviewSchema>;

/** `POST /api/staff/invitation/accept`: sets the password and makes the staff account; then sign in. */
export const staffInvitationAcceptSchema = z.object({
  token: inputString().check(z.minLength(1), z.maxLength(200)),
  password: passwordSchema,
});
export type StaffInvitationAccept = z.infer<typeof staffInvitationAcceptSchema>;
