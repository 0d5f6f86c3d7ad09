import '../auth.css';
import '../register-texts.ts';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { emailSchema } from '@pizzeria/domain';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { failureText } from '../auth-errors.ts';
import { MailSentIcon } from './auth-icons.tsx';
import { FormField } from './form-field.tsx';

/**
 * `/forgot-password` (docs/product/shop.md): asks for a reset link. The answer is the same whether or not the
 * address has an account, so nobody learns who is a customer.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('forgot.page_title'));
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const forgot = useForgotPassword();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (forgot.isPending) return;
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setFieldError(email.trim() === '' ? t('required') : t('email_invalid'));
      input.current?.focus();
      return;
    }
    forgot.mutate({ email: parsed.data });
  };

  return (
    <div className="container page auth-page">
      <section className="card auth-card" aria-labelledby="forgot-title">
        <header className="auth-header">
          <h1 id="forgot-title">{t('forgot.title')}</h1>
          {forgot.isSuccess ? null : <p className="auth-intro">{t('forgot.intro')}</p>}
        </header>
        {forgot.isSuccess ? (
          <div className="auth-done" role="status">
            <MailSentIcon className="auth-done-icon" />
            <h2>{t('forgot.sent_title')}</h2>
            <p>{t('forgot.sent', { email: forgot.variables.email })}</p>
          </div>
        ) : (
          <form className="auth-form" onSubmit={submit} noValidate>
            <FormField
              ref={input}
              label={t('email')}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              error={fieldError}
              onChange={(event) => {
                setEmail(event.target.value);
                setFieldError(null);
              }}
            />
            {forgot.isError ? (
              <p className="form-error" role="alert">
                {failureText(forgot.error, { generic: t('generic_error') })}
              </p>
            ) : null}
            <button type="submit" className="button button-primary button-block" disabled={forgot.isPending}>
              {forgot.isPending ? t('forgot.submitting') : t('forgot.submit')}
            </button>
          </form>
        )}
        <p className="auth-aside">
          <Link href="/login">{t('forgot.back_to_login')}</Link>
        </p>
      </section>
    </div>
  );
}
