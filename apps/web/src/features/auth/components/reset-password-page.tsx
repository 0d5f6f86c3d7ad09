import '../auth.css';
import '../register-texts.ts';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import * as z from 'zod/mini';
import { passwordSchema } from '@pizzeria/domain';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { errorCode, failureText } from '../auth-errors.ts';
import { AuthCard, FormField, NewPasswordField, SubmitRow, useAccountForm } from './form-field.tsx';

/** The server's answer to a token that is unknown, used or expired. */
const INVALID_TOKEN = 'invalid_reset_token';

/** The new password by the account's rules, typed twice alike; the second is compared once the first is right. */
const newPasswordFormSchema = z.object({ password: passwordSchema, password_repeat: z.string() }).check(
  z.refine((values) => values.password === values.password_repeat, {
    path: ['password_repeat'],
    when: (payload) => passwordSchema.safeParse((payload.value as { password?: unknown }).password).success,
  }),
);

/**
 * `/reset-password?token=` (docs/product/shop.md), opened from the emailed link: a new password, twice. Success
 * goes to the login with a confirmation; a used or expired link says so and offers a new one.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('reset.page_title'));
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const { form, field, checkAndSend } = useAccountForm(newPasswordFormSchema, { password: '', password_repeat: '' });
  const reset = useResetPassword();
  const linkInvalid = token === '' || (reset.isError && errorCode(reset.error) === INVALID_TOKEN);

  const send = ({ password }: { password: string }) =>
    reset.mutate(
      { token, password },
      {
        onSuccess: () => navigate('/login?reset=done', { replace: true }),
        onError: (error) => {
          if (errorCode(error) === 'password_too_common') {
            form.setError(
              'password',
              { type: 'server', message: 'register.password_too_common' },
              { shouldFocus: true },
            );
          }
        },
      },
    );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    checkAndSend(event, send);
  };

  const serverError =
    reset.isError && !linkInvalid && errorCode(reset.error) !== 'password_too_common'
      ? failureText(reset.error, { generic: t('generic_error') })
      : null;

  return (
    <AuthCard titleId="reset-title" title={t('reset.title')} intro={linkInvalid ? null : t('reset.intro')}>
      {linkInvalid ? (
        <div className="auth-invalid">
          <p className="form-error" role="alert">
            {t('reset.invalid_link')}
          </p>
          <Link href="/forgot-password" className="button button-primary button-block">
            {t('reset.request_new')}
          </Link>
        </div>
      ) : (
        <form className="auth-form" onSubmit={submit} noValidate>
          <NewPasswordField label={t('reset.password')} {...field('password')} />
          <FormField
            label={t('reset.repeat')}
            type="password"
            autoComplete="new-password"
            {...field('password_repeat')}
          />
          <SubmitRow
            error={serverError}
            pending={reset.isPending}
            label={t('reset.submit')}
            pendingLabel={t('reset.submitting')}
          />
        </form>
      )}
    </AuthCard>
  );
}
