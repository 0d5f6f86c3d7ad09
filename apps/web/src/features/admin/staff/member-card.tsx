import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type StaffMember, type StaffRole } from '@pizzeria/domain';
import { AdminApiError } from '../forms/api-errors.ts';
import { ConfirmArchiveDialog } from '../forms/confirm-archive-dialog.tsx';
import { Labelled } from '../forms/labelled.tsx';
import { useSetMemberActive } from './api/set-member-active.ts';
import { useUpdateMember } from './api/update-member.ts';
import { MemberDevices } from './member-devices.tsx';
import { useDateTime } from './use-date-time.ts';

/** A refusal as the owner reads it: the last owner's rule in its own words, else what the server said. */
function useRefusalText() {
  const { t } = useTranslation('adminStaff');
  const { t: tAdmin } = useTranslation('admin');
  return (failure: unknown): string => {
    if (failure instanceof AdminApiError && failure.code === 'last_owner') return t('members.last_owner');
    return failure instanceof Error ? failure.message : tAdmin('generic_error');
  };
}

/**
 * One member: name (and "(Sie)" for the owner's own account), e-mail, whether active, devices and when
 * last seen; the role to change, deactivating (or activating again) after a question, and their devices.
 */
export function MemberCard({ member, onDone }: { member: StaffMember; onDone: (message: string) => void }) {
  const { t } = useTranslation('adminStaff');
  const dateTime = useDateTime();
  const refusal = useRefusalText();
  const setActive = useSetMemberActive();
  const [showDevices, setShowDevices] = useState(false);
  const devicesId = useId();

  return (
    <li className="card staff-card" aria-label={member.name} data-active={member.active}>
      <div className="staff-card-head">
        <h3 className="staff-name">
          {member.name}
          {member.you ? <span className="staff-you"> {t('members.you')}</span> : null}
        </h3>
        <span className="staff-badge" data-kind={member.active ? 'on' : 'off'}>
          {member.active ? t('members.active') : t('members.deactivated')}
        </span>
      </div>
      <p className="staff-email">{member.email}</p>
      <dl className="staff-facts">
        <div>
          <dt>{t('members.devices')}</dt>
          <dd>{t('members.devices_count', { count: member.device_count })}</dd>
        </div>
        <div>
          <dt>{t('members.last_seen')}</dt>
          <dd>
            {member.last_seen_at ? (
              <time dateTime={member.last_seen_at}>{dateTime(member.last_seen_at)}</time>
            ) : (
              t('members.never')
            )}
          </dd>
        </div>
      </dl>
      <RoleForm member={member} onDone={onDone} refusal={refusal} />
      <div className="staff-actions">
        <button
          type="button"
          className="button button-secondary"
          aria-expanded={showDevices}
          aria-controls={devicesId}
          onClick={() => setShowDevices((shown) => !shown)}
        >
          {showDevices ? t('members.hide_devices') : t('members.show_devices')}
        </button>
        {member.you ? null : (
          <ConfirmArchiveDialog
            trigger={{
              label: member.active ? t('members.deactivate') : t('members.activate'),
              accessibleLabel: member.active
                ? t('members.deactivate_named', { name: member.name })
                : t('members.activate_named', { name: member.name }),
            }}
            title={
              member.active
                ? t('members.deactivate_title', { name: member.name })
                : t('members.activate_title', { name: member.name })
            }
            text={
              member.active
                ? t('members.deactivate_text', { name: member.name })
                : t('members.activate_text', { name: member.name })
            }
            confirm={member.active ? t('members.deactivate') : t('members.activate')}
            onConfirm={async () => {
              try {
                await setActive(member, !member.active);
              } catch (failure) {
                throw new Error(refusal(failure), { cause: failure });
              }
              onDone(
                member.active
                  ? t('members.deactivated_done', { name: member.name })
                  : t('members.activated_done', { name: member.name }),
              );
            }}
          />
        )}
      </div>
      <div id={devicesId}>{showDevices ? <MemberDevices member={member} /> : null}</div>
    </li>
  );
}

/** The role as a select and its button: saved only when asked, so a slip of the keyboard changes nothing. */
function RoleForm({
  member,
  onDone,
  refusal,
}: {
  member: StaffMember;
  onDone: (message: string) => void;
  refusal: (failure: unknown) => string;
}) {
  const { t } = useTranslation('adminStaff');
  const id = useId();
  const update = useUpdateMember();
  const [role, setRole] = useState<StaffRole>(member.role);
  // Someone else's change (read again) shows, unless the owner is choosing another one right now.
  const [readRole, setReadRole] = useState(member.role);
  if (readRole !== member.role) {
    setReadRole(member.role);
    setRole(member.role);
  }

  return (
    <form
      className="staff-role-form"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          { member, change: { role } },
          {
            onSuccess: (saved) => onDone(t('members.role_saved', { name: saved.name, role: t(`roles.${saved.role}`) })),
          },
        );
      }}
    >
      <Labelled id={`${id}-role`} label={t('members.role_of', { name: member.name })}>
        <div className="staff-role-row">
          <select
            id={`${id}-role`}
            className="input"
            value={role}
            aria-describedby={`${id}-role-explained`}
            onChange={(event) => {
              update.reset();
              setRole(event.target.value as StaffRole);
            }}
          >
            {STAFF_ROLES.map((choice) => (
              <option key={choice} value={choice}>
                {t(`roles.${choice}`)}
              </option>
            ))}
          </select>
          <button type="submit" className="button button-secondary" disabled={role === member.role || update.isPending}>
            {t('members.save_role')}
          </button>
        </div>
        <p id={`${id}-role-explained`} className="admin-hint">
          {t(`role_explained.${role}`)}
        </p>
      </Labelled>
      {update.isError ? (
        <p className="form-error" role="alert">
          {refusal(update.error)}
        </p>
      ) : null}
    </form>
  );
}
