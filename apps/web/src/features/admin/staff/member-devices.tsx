import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffMember } from '@pizzeria/domain';
import { DeviceItem } from '../devices/device-item.tsx';
import { FailureLine, Rows, StatusLine } from '../forms/list-editor-page.tsx';
import { useMemberSessions, useSignOutMemberDevice } from './api/member-sessions.ts';

/** A colleague's signed-in devices, as the devices page shows one's own, each to sign out (a lost phone). */
export function MemberDevices({ member }: { member: StaffMember }) {
  const { t } = useTranslation('adminStaff');
  const { t: tAdmin } = useTranslation('admin');
  const sessions = useMemberSessions(member, true);
  const signOut = useSignOutMemberDevice(member);
  const [status, setStatus] = useState('');
  return (
    <section className="staff-devices" aria-label={t('members.devices_of', { name: member.name })}>
      <StatusLine status={status} />
      <FailureLine failure={signOut.isError ? (signOut.error.message ?? tAdmin('generic_error')) : null} />
      <Rows
        rows={{ data: sessions.data, isError: sessions.isError, refetch: sessions.refetch }}
        empty={t('members.no_devices')}
      >
        {(rows) => (
          <ul className="admin-devices">
            {rows.map((session) => (
              <DeviceItem
                key={session.id}
                session={session}
                headingLevel={4}
                pending={signOut.isPending && signOut.variables.id === session.id}
                onSignOut={() =>
                  signOut.mutate(session, {
                    onSuccess: () => {
                      setStatus(t('members.device_signed_out'));
                      void sessions.refetch();
                    },
                  })
                }
              />
            ))}
          </ul>
        )}
      </Rows>
    </section>
  );
}
