import { useTranslation } from 'react-i18next';
import type { StaffSession } from '@pizzeria/domain';
import { failureText } from '../../auth/index.ts';
import { AdminPage, FailureLine, Rows } from '../forms/list-editor-page.tsx';
import { useStaffSessions } from './api/get-staff-sessions.ts';
import { useSignOutDevice } from './api/sign-out-device.ts';
import { useAdminTitle } from '../shell/use-admin-title.ts';

function useDateTime() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-GB' : 'de-DE';
  return (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * `/order-online/admin/devices`: where this staff account is signed in, each with a way to sign it
 * out (a lost phone, a replaced tablet). This device comes first and says so.
 */
export function DevicesPage() {
  const { t } = useTranslation('admin');
  useAdminTitle(t('pages.devices'));
  const sessions = useStaffSessions();
  const signOut = useSignOutDevice();
  const list = sessions.data ? [...sessions.data].sort((a, b) => Number(b.current) - Number(a.current)) : undefined;

  return (
    <AdminPage title={t('pages.devices')} intro={t('devices.intro')}>
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
              />
            ))}
          </ul>
        )}
      </Rows>
    </AdminPage>
  );
}

function DeviceItem({
  session,
  pending,
  onSignOut,
}: {
  session: StaffSession;
  pending: boolean;
  onSignOut: () => void;
}) {
  const { t } = useTranslation('admin');
  const dateTime = useDateTime();
  const name = session.device_name || t('devices.unnamed');
  return (
    <li className="card admin-device" aria-label={name}>
      <div className="admin-device-head">
        <h2 className="admin-device-name">{name}</h2>
        {session.current ? <span className="admin-this-device">{t('devices.this_device')}</span> : null}
      </div>
      <dl className="admin-device-times">
        <div>
          <dt>{t('devices.signed_in_since')}</dt>
          <dd>
            <time dateTime={session.created_at}>{dateTime(session.created_at)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('devices.last_used')}</dt>
          <dd>
            <time dateTime={session.last_used_at}>{dateTime(session.last_used_at)}</time>
          </dd>
        </div>
      </dl>
      <button
        type="button"
        className="button button-secondary admin-device-sign-out"
        aria-label={t('devices.sign_out_named', { device: name })}
        disabled={pending}
        onClick={onSignOut}
      >
        {t('devices.sign_out')}
      </button>
    </li>
  );
}
