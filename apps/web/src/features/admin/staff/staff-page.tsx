import './register-texts.ts';
import './staff.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffInvitation, StaffMember } from '@pizzeria/domain';
import { AdminPage, Rows, StatusLine } from '../forms/list-editor-page.tsx';
import { ConfirmArchiveDialog } from '../forms/confirm-archive-dialog.tsx';
import { useAdminTitle } from '../shell/use-admin-title.ts';
import { useStaff } from './api/get-staff.ts';
import { useResendInvitation } from './api/resend-invitation.ts';
import { useWithdrawInvitation } from './api/withdraw-invitation.ts';
import { InviteDialog } from './invite-dialog.tsx';
import { MemberCard } from './member-card.tsx';
import { useDateTime } from './use-date-time.ts';

/**
 * `/staff` ("Team", the owner's): every member with their role, whether active, on how many devices and
 * when last seen; the invitations not yet used, with when they run out. The owner invites, changes
 * roles, deactivates (every device of theirs signed out at once) and signs a colleague's device out.
 */
export function StaffPage() {
  const { t } = useTranslation('admin');
  const { t: tStaff } = useTranslation('adminStaff');
  useAdminTitle(t('pages.staff'));
  const staff = useStaff();
  const [status, setStatus] = useState('');

  return (
    <AdminPage
      title={t('pages.staff')}
      intro={tStaff('intro')}
      headClass="staff-head"
      actions={<InviteDialog onInvited={setStatus} />}
    >
      <StatusLine status={status} />
      <section className="admin-panel" aria-labelledby="staff-members">
        <h2 id="staff-members">{tStaff('members.heading')}</h2>
        <Rows rows={{ data: staff.data?.members, isError: staff.isError, refetch: staff.refetch }} empty="">
          {(members) => (
            <ul className="staff-list">
              {members.map((member: StaffMember) => (
                <MemberCard key={member.id} member={member} onDone={setStatus} />
              ))}
            </ul>
          )}
        </Rows>
      </section>
      <section className="admin-panel" aria-labelledby="staff-invitations">
        <h2 id="staff-invitations">{tStaff('invitations.heading')}</h2>
        <Rows
          rows={{ data: staff.data?.invitations, isError: staff.isError, refetch: staff.refetch }}
          empty={tStaff('invitations.empty')}
        >
          {(invitations) => (
            <ul className="staff-list">
              {invitations.map((invitation) => (
                <InvitationCard key={invitation.id} invitation={invitation} onDone={setStatus} />
              ))}
            </ul>
          )}
        </Rows>
      </section>
    </AdminPage>
  );
}

/** An invitation not yet used: for whom, as what, until when (or since when it ran out); send again or withdraw. */
function InvitationCard({ invitation, onDone }: { invitation: StaffInvitation; onDone: (message: string) => void }) {
  const { t } = useTranslation('adminStaff');
  const dateTime = useDateTime();
  const resend = useResendInvitation();
  const withdraw = useWithdrawInvitation();
  const at = dateTime(invitation.expires_at);
  return (
    <li className="card staff-card" aria-label={invitation.name}>
      <div className="staff-card-head">
        <h3 className="staff-name">{invitation.name}</h3>
        <span className="staff-badge" data-kind={invitation.expired ? 'off' : 'pending'}>
          {invitation.expired ? t('invitations.expired', { at }) : t('invitations.expires', { at })}
        </span>
      </div>
      <p className="staff-email">{invitation.email}</p>
      <p className="admin-muted">
        {t(`roles.${invitation.role}`)}
        {invitation.invited_by ? ` · ${t('invitations.invited_by', { name: invitation.invited_by })}` : ''}
      </p>
      {resend.isError ? (
        <p className="form-error" role="alert">
          {resend.error.message}
        </p>
      ) : null}
      <div className="staff-actions">
        <button
          type="button"
          className="button button-secondary"
          aria-label={t('invitations.resend_named', { name: invitation.name })}
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(invitation, { onSuccess: (sent) => onDone(t('invitations.resent', { email: sent.email })) })
          }
        >
          {t('invitations.resend')}
        </button>
        <ConfirmArchiveDialog
          trigger={{
            label: t('invitations.withdraw'),
            accessibleLabel: t('invitations.withdraw_named', { name: invitation.name }),
          }}
          title={t('invitations.withdraw_title', { name: invitation.name })}
          text={t('invitations.withdraw_text', { email: invitation.email })}
          confirm={t('invitations.withdraw')}
          onConfirm={async () => {
            await withdraw(invitation);
            onDone(t('invitations.withdrawn', { email: invitation.email }));
          }}
        />
      </div>
    </li>
  );
}
