import './devices.css';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_LABEL_MAX_LENGTH, staffSessionRenameSchema, type StaffSession } from '@pizzeria/domain';
import { failureText } from '../../auth/index.ts';
import { FormField } from '../../auth/ui.ts';
import { AdminPage, FailureLine, Rows, StatusLine } from '../forms/list-editor-page.tsx';
import { PushSwitch } from '../push/index.ts';
import { useStaffSessions } from './api/get-staff-sessions.ts';
import { useRenameDevice } from './api/rename-device.ts';
import { useSignOutDevice } from './api/sign-out-device.ts';
import { useAdminTitle } from '../shell/use-admin-title.ts';

function useDateTime() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-GB' : 'de-DE';
  return (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** What the list calls a device: the name staff gave it, else what it said it is. */
function nameOf(session: StaffSession): string {
  return session.label ?? session.device_name;
}

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

function DeviceItem({
  session,
  pending,
  onSignOut,
  onRenamed,
}: {
  session: StaffSession;
  pending: boolean;
  onSignOut: () => void;
  onRenamed: (label: string) => void;
}) {
  const { t } = useTranslation('admin');
  const dateTime = useDateTime();
  const [editing, setEditing] = useState(false);
  const name = nameOf(session) || t('devices.unnamed');
  return (
    <li className="card admin-device" aria-label={name}>
      <div className="admin-device-head">
        <h2 className="admin-device-name">{name}</h2>
        {session.label && session.device_name ? <span className="admin-device-kind">{session.device_name}</span> : null}
        {session.current ? <span className="admin-this-device">{t('devices.this_device')}</span> : null}
      </div>
      {editing ? (
        <RenameForm
          session={session}
          onDone={(label) => {
            setEditing(false);
            if (label) onRenamed(label);
          }}
        />
      ) : null}
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
      <div className="admin-device-actions">
        {editing ? null : (
          <button
            type="button"
            className="button button-secondary"
            aria-label={t('devices.rename_named', { device: name })}
            onClick={() => setEditing(true)}
          >
            {t('devices.rename')}
          </button>
        )}
        <button
          type="button"
          className="button button-secondary admin-device-sign-out"
          aria-label={t('devices.sign_out_named', { device: name })}
          disabled={pending}
          onClick={onSignOut}
        >
          {t('devices.sign_out')}
        </button>
      </div>
    </li>
  );
}

/** The device's new name, checked as the server checks it (trimmed, 1–60 characters) before it is sent. */
function RenameForm({ session, onDone }: { session: StaffSession; onDone: (label: string | null) => void }) {
  const { t } = useTranslation('admin');
  const rename = useRenameDevice();
  const [label, setLabel] = useState(session.label ?? '');
  const [invalid, setInvalid] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The person just asked to rename this device: the name is where they type next.
  useEffect(() => input.current?.focus(), []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rename.isPending) return;
    const parsed = staffSessionRenameSchema.safeParse({ label });
    setInvalid(!parsed.success);
    if (!parsed.success) return;
    rename.mutate(
      { session, label: parsed.data.label },
      { onSuccess: (renamed) => onDone(renamed.label ?? parsed.data.label) },
    );
  };

  const error = invalid
    ? t('devices.name_invalid')
    : rename.isError
      ? failureText(rename.error, { generic: t('generic_error') })
      : undefined;
  return (
    <form className="admin-device-rename" onSubmit={submit} noValidate>
      <FormField
        label={t('devices.name_label')}
        hint={t('devices.name_hint')}
        name="label"
        autoComplete="off"
        maxLength={DEVICE_LABEL_MAX_LENGTH}
        ref={input}
        value={label}
        error={error}
        onChange={(event) => setLabel(event.target.value)}
      />
      <div className="admin-device-rename-actions">
        <button type="submit" className="button button-primary" disabled={rename.isPending}>
          {rename.isPending ? t('devices.saving') : t('devices.save')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => onDone(null)}>
          {t('devices.cancel')}
        </button>
      </div>
    </form>
  );
}
