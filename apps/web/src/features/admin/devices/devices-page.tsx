import './devices.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../auth/index.ts';
import { AdminPage, FailureLine, Rows, StatusLine } from '../forms/list-editor-page.tsx';
import { PushSwitch } from '../push/index.ts';
import { useStaffSessions } from './api/get-staff-sessions.ts';
import { useSignOutDevice } from './api/sign-out-device.ts';
import { DeviceItem } from './device-item.tsx';
import { useAdminTitle } from '../shell/use-admin-title.ts';

/**
 * `/order-online/admin/devices`: where this staff account is signed in, each with its name (staff may
 * rename it: "Küche Tablet"), the browser and system it said it is, and a way to sign it out (a lost
 * phone, a replaced tablet). This device comes first and says so; above the list, its notifications for
 * new orders are turned on or off.
 */
export function DevicesPage() {
  const { t } = useTranslation('admin');
  useAdminTitle(t('pages.devices'));
  const sessions = useStaffSessions();
  const signOut = useSignOutDevice();
  const [renamed, setRenamed] = useState<string | null>(null);
  const list = sessions.data ? [...sessions.data].sort((a, b) => Number(b.current) - Number(a.current)) : undefined;

  return (
    <AdminPage title={t('pages.devices')} intro={t('devices.intro')}>
      <section className="card admin-device-push" aria-labelledby="admin-device-push-title">
        <h2 id="admin-device-push-title" className="admin-device-name">
          {t('devices.this_device')}
        </h2>
        <PushSwitch />
      </section>
      {renamed ? <StatusLine status={t('devices.renamed', { device: renamed })} /> : null}
      <FailureLine failure={signOut.isError ? failureText(signOut.error, { generic: t('generic_error') }) : null} />
      <Rows rows={{ data: list, isError: sessions.isError, refetch: sessions.refetch }} empty={t('devices.empty')}>
        {(rows) => (
          <ul className="admin-devices">
            {rows.map((session) => (
              <DeviceItem
                key={session.id}
                session={session}
                pending={signOut.isPending && signOut.variables.id === session.id}
                onSignOut={() => signOut.mutate(session)}
                onRenamed={setRenamed}
              />
            ))}
          </ul>
        )}
      </Rows>
    </AdminPage>
  );
}
