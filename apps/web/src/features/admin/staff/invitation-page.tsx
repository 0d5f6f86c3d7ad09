import './register-texts.ts';
import './staff.css';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'wouter';
import * as z from 'zod/mini';
import { passwordSchema, type StaffInvitationPreview } from '@pizzeria/domain';
import { staffLogin } from '../auth/api/staff-login.ts';
import { SignedOutFrame } from '../auth/signed-out-frame.tsx';
import { AdminApiError } from '../forms/api-errors.ts';
import { Field } from '../forms/fields.tsx';
import { QueryState } from '../shell/query-state.tsx';
import { useAdminTitle } from '../shell/use-admin-title.ts';
import { useInvitationPreview } from './api/get-invitation.ts';
import { acceptInvitation } from './api/accept-invitation.ts';
import { useDateTime } from './use-date-time.ts';

/** The new password by the account's rules, and the same again (compared when the form is sent). */
const passwordFormSchema = z.object({ password: passwordSchema, password_repeat: z.string() });
type PasswordForm = z.infer<typeof passwordFormSchema>;

/**
 * `/order-online/admin/invitation?token=` (signed out), opened from the invitation's mail: whom it is for
 * and as what, a password twice; then this device signs in with it and lands on the board. A link used,
 * run out, withdrawn or cut short says so, with the way to the sign-in.
 */
export function InvitationPage() {
  const { t } = useTranslation('adminStaff');
  useAdminTitle(t('invitation.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const preview = useInvitationPreview(token);
  // Set once the server made the account: a sign-in that failed after it is tried again alone.
  const [refused, setRefused] = useState<string | null>(null);

  let body;
  if (token === '') body = <Invalid message={t('invitation.missing')} />;
  else if (refused) body = <Invalid message={refused} />;
  else if (preview.isError)
    body = (
      <Invalid message={preview.error instanceof AdminApiError ? preview.error.message : t('invitation.missing')} />
    );
  else if (!preview.data) body = <QueryState query={preview} />;
  else body = <AcceptForm token={token} invitation={preview.data} onRefused={setRefused} />;

  return (
    <SignedOutFrame titleId="staff-invitation-title" title={t('invitation.title')}>
      {body}
    </SignedOutFrame>
  );
}

function Invalid({ message }: { message: string }) {
  const { t } = useTranslation('adminStaff');
  return (
    <div className="staff-invitation-invalid">
      <h2 className="dialog-title">{t('invitation.invalid_title')}</h2>
      <p className="form-error" role="alert">
        {message}
      </p>
      <Link href="/" className="button button-primary">
        {t('invitation.to_login')}
      </Link>
    </div>
  );
}

function AcceptForm({
  token,
  invitation,
  onRefused,
}: {
  token: string;
  invitation: StaffInvitationPreview;
  onRefused: (message: string) => void;
}) {
  const { t } = useTranslation('adminStaff');
  const { t: tAdmin } = useTranslation('admin');
  const dateTime = useDateTime();
  const [, navigate] = useLocation();
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<PasswordForm>({
    resolver: zodResolver(passwordFormSchema) as unknown as Resolver<PasswordForm>,
    defaultValues: { password: '', password_repeat: '' },
    mode: 'onTouched',
  });

  const submit = form.handleSubmit(async ({ password, password_repeat }) => {
    setError(null);
    if (password !== password_repeat) {
      form.setError('password_repeat', { message: t('invitation.password_mismatch') }, { shouldFocus: true });
      return;
    }
    if (!accepted) {
      try {
        await acceptInvitation({ token, password });
        setAccepted(true);
      } catch (failure) {
        if (failure instanceof AdminApiError && failure.code === 'password_too_common') {
          form.setError('password', { message: t('invitation.password_too_common') }, { shouldFocus: true });
        } else if (failure instanceof AdminApiError && failure.code === 'invitation_invalid') {
          onRefused(failure.message);
        } else {
          setError(failure instanceof Error ? failure.message : tAdmin('generic_error'));
        }
        return;
      }
    }
    try {
      await staffLogin({ username: invitation.email, password });
      navigate('/home', { replace: true });
    } catch {
      setError(t('invitation.signed_in_failed'));
    }
  });

  return (
    <>
      <p>
        {t('invitation.for', {
          name: invitation.name,
          email: invitation.email,
          role: t(`roles.${invitation.role}`),
          until: dateTime(invitation.expires_at),
        })}
      </p>
      <p className="admin-muted">{t(`role_explained.${invitation.role}`)}</p>
      <form className="admin-form staff-invitation-form" noValidate onSubmit={(event) => void submit(event)}>
        {/* The address the account signs in with, for the browser's password manager. */}
        <input type="hidden" name="username" autoComplete="username" value={invitation.email} readOnly />
        <Field
          form={form}
          name="password"
          label={t('invitation.password')}
          hint={t('invitation.password_hint')}
          type="password"
          autoComplete="new-password"
        />
        <Field
          form={form}
          name="password_repeat"
          label={t('invitation.password_repeat')}
          type="password"
          autoComplete="new-password"
        />
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        {accepted && error ? (
          <Link href="/" className="button button-secondary">
            {t('invitation.to_login')}
          </Link>
        ) : null}
        <button type="submit" className="button button-primary" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('invitation.accepting') : t('invitation.accept')}
        </button>
      </form>
    </>
  );
}
