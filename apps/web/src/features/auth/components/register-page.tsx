import '../auth.css';
import '../register-texts.ts';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { PHONE_INPUT_MAX_LENGTH, registerCustomerSchema, type RegisterCustomer } from '@pizzeria/domain';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useRegisterCustomer } from '../api/register-customer.ts';
import { errorCode, failureText, nextPagePath } from '../auth-errors.ts';
import { reloadHome } from '../reload-home.ts';
import { AuthCard, EmailField, FormField, NewPasswordField, SubmitRow, useAccountForm } from './form-field.tsx';

/** The server's refusals that belong beside a field; any other is said above the button. */
const FIELD_REFUSALS = {
  email_taken: { field: 'email', key: 'register.email_taken' },
  password_too_common: { field: 'password', key: 'register.password_too_common' },
} as const;

function fieldRefusal(error: unknown) {
  const code = errorCode(error);
  return code !== null && Object.hasOwn(FIELD_REFUSALS, code)
    ? FIELD_REFUSALS[code as keyof typeof FIELD_REFUSALS]
    : null;
}

/**
 * `/register` (docs/product/shop.md): name, email, password (its rules shown up front) and an optional phone. The
 * form is checked with the API's own schema; the server's answers (email taken, password too common)
 * land next to their field, which gets the focus. The answer signs the new customer in (the address is confirmed
 * later, by the welcome mail's link); they go on to `?next=` or the shop's home.
 */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('register.page_title'));
  const next = nextPagePath(new URLSearchParams(useSearch()).get('next'));
  const [, navigate] = useLocation();
  const { form, field, checkAndSend } = useAccountForm(registerCustomerSchema, {
    customer_name: '',
    email: '',
    password: '',
    phone: '',
  });
  const register = useRegisterCustomer();
  const loginHref = next ? `/login/${encodeURIComponent(next.slice(1))}` : '/login';

  const send = (input: RegisterCustomer) =>
    register.mutate(
      { ...input, phone: input.phone || undefined },
      {
        onSuccess: () => (next ? navigate(next, { replace: true }) : reloadHome()),
        onError: (error) => {
          const refusal = fieldRefusal(error);
          if (refusal) form.setError(refusal.field, { type: 'server', message: refusal.key }, { shouldFocus: true });
        },
      },
    );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending) return;
    // A new attempt: what the server said about the last one goes.
    register.reset();
    checkAndSend(event, send);
  };

  const failure = register.isError && !fieldRefusal(register.error) ? register.error : null;
  const formError = failure ? failureText(failure, { generic: t('generic_error') }) : null;
  const emailTaken = form.formState.errors.email?.message === FIELD_REFUSALS.email_taken.key;

  return (
    <AuthCard titleId="register-title" title={t('register.title')} intro={t('register.intro')}>
      <form className="auth-form" onSubmit={submit} noValidate>
        <FormField label={t('register.name')} autoComplete="name" maxLength={100} {...field('customer_name')} />
        <EmailField
          {...field('email')}
          {...(emailTaken
            ? {
                error: (
                  <>
                    {t('register.email_taken')} <Link href={loginHref}>{t('register.email_taken_login')}</Link>
                  </>
                ),
              }
            : {})}
        />
        <NewPasswordField label={t('password')} {...field('password')} />
        <FormField
          label={t('register.phone')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={PHONE_INPUT_MAX_LENGTH}
          hint={t('register.phone_hint')}
          {...field('phone')}
        />
        <SubmitRow
          error={formError}
          pending={register.isPending}
          label={t('register.submit')}
          pendingLabel={t('register.submitting')}
        />
      </form>
      <p className="auth-aside">
        {t('register.have_account')} <Link href={loginHref}>{t('register.login')}</Link>
      </p>
    </AuthCard>
  );
}
