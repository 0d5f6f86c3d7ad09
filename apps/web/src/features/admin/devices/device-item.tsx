import './devices.css';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_LABEL_MAX_LENGTH, staffSessionRenameSchema, type StaffSession } from '@pizzeria/domain';
import { failureText } from '../../auth/index.ts';
import { FormField } from '../../auth/ui.ts';
import { useRenameDevice } from './api/rename-device.ts';

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
 * One signed-in device: its name, since when and when last used, and signing it out. Renaming is for
 * one's own devices (`onRenamed`); the owner's view of a colleague's devices only signs them out.
 */
export function DeviceItem({
  session,
  pending,
  onSignOut,
  onRenamed,
  headingLevel = 2,
}: {
  session: StaffSession;
  pending: boolean;
  onSignOut: () => void;
  onRenamed?: (label: string) => void;
  /** Where the list sits in the page's outline: a colleague's devices are under their name. */
  headingLevel?: 2 | 3 | 4;
}) {
  const { t } = useTranslation('admin');
  const dateTime = useDateTime();
  const [editing, setEditing] = useState(false);
  const name = nameOf(session) || t('devices.unnamed');
  const Heading = `h${headingLevel}` as const;
  return (
    <li className="card admin-device" aria-label={name}>
      <div className="admin-device-head">
        <Heading className="admin-device-name">{name}</Heading>
        {session.label && session.device_name ? <span className="admin-device-kind">{session.device_name}</span> : null}
        {session.current ? <span className="admin-this-device">{t('devices.this_device')}</span> : null}
      </div>
      {editing ? (
        <RenameForm
          session={session}
          onDone={(label) => {
            setEditing(false);
            if (label) onRenamed?.(label);
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
        {editing || !onRenamed ? null : (
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
