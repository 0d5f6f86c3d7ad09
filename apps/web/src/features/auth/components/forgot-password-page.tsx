import '../auth.css';
import '../register-texts.ts';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import * as z from 'zod/mini';
import { emailSchema } from '@pizzeria/domain';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { failureText } from '../auth-errors.ts';
import { MailSentIcon } from './auth-icons.tsx';
import { AuthCard, EmailField, SubmitRow, useAccountForm } from './form-field.tsx';

/** The address checked as an account's is, so a typo is caught here rather than never mailed to. */
const forgotFormSchema = z.object({ email: emailSchema });

/**
 * `/forgot-password` (docs/product/shop.md): asks for a reset link. The answer is the same whether or not the
 * address has an account, so nobody learns who is a customer.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('forgot.page_title'));
  const { field, checkAndSend } = useAccountForm(forgotFormSchema, { email: '' });
  const forgot = useForgotPassword();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (forgot.isPending) return;
    checkAndSend(event, (input) => forgot.mutate(input));
  };

  return (
    <AuthCard titleId="forgot-title" title={t('forgot.title')} intro={forgot.isSuccess ? null : t('forgot.intro')}>
      {forgot.isSuccess ? (
        <div className="auth-done" role="status">
          <MailSentIcon className="auth-done-icon" />
          <h2>{t('forgot.sent_title')}</h2>
          <p>{t('forgot.sent', { email: forgot.variables.email })}</p>
        </div>
      ) : (
        <form className="auth-form" onSubmit={submit} noValidate>
          <EmailField {...field('email')} />
          <SubmitRow
            error={forgot.isError ? failureText(forgot.error, { generic: t('generic_error') }) : null}
            pending={forgot.isPending}
            label={t('forgot.submit')}
            pendingLabel={t('forgot.submitting')}
          />
        </form>
      )}
      <p className="auth-aside">
        <Link href="/login">{t('forgot.back_to_login')}</Link>
      </p>
    </AuthCard>
  );
}
