import '../auth.css';
import '../register-texts.ts';
import { useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { passwordSchema } from '@pizzeria/domain';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { errorCode, failureText } from '../auth-errors.ts';
import { AuthCard, FormField, NewPasswordField, passwordLengthError, SubmitRow, useFormFields } from './form-field.tsx';

/** The server's answer to a token that is unknown, used or expired. */
const INVALID_TOKEN = 'invalid_reset_token';

/**
 * `/reset-password?token=` (docs/product/shop.md), opened from the emailed link: a new password, twice. Success
 * goes to the login with a confirmation; a used or expired link says so and offers a new one.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('reset.page_title'));
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const { values, setErrors, field } = useFormFields({ password: '', repeat: '' });
  const { password, repeat } = values;
  const passwordInput = useRef<HTMLInputElement>(null);
  const repeatInput = useRef<HTMLInputElement>(null);
  const reset = useResetPassword();
  const linkInvalid = token === '' || (reset.isError && errorCode(reset.error) === INVALID_TOKEN);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    if (!passwordSchema.safeParse(password).success) {
      setErrors({ password: password === '' ? t('required') : t(passwordLengthError(password)) });
      passwordInput.current?.focus();
      return;
    }
    if (password !== repeat) {
      setErrors({ repeat: t('reset.mismatch') });
      repeatInput.current?.focus();
      return;
    }
    setErrors({});
    reset.mutate(
      { token, password },
      {
        onSuccess: () => navigate('/login?reset=done', { replace: true }),
        onError: (error) => {
          if (errorCode(error) === 'password_too_common') {
            setErrors({ password: t('register.password_too_common') });
            passwordInput.current?.focus();
          }
        },
      },
    );
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
          <NewPasswordField ref={passwordInput} label={t('reset.password')} name="password" {...field('password')} />
          <FormField
            ref={repeatInput}
            label={t('reset.repeat')}
            type="password"
            name="password_repeat"
            autoComplete="new-password"
            {...field('repeat')}
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
