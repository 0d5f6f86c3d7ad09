import '../auth.css';
import '../register-texts.ts';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { PHONE_INPUT_MAX_LENGTH, registerCustomerSchema, type RegisterCustomer } from '@pizzeria/domain';
import { usePageTitle } from '../../../lib/page-title.ts';
import { RegisteredButNotSignedIn, useRegisterCustomer } from '../api/register-customer.ts';
import { errorCode, failureText, nextPagePath } from '../auth-errors.ts';
import { reloadHome } from '../reload-home.ts';
import {
  AuthCard,
  EmailField,
  FormField,
  NewPasswordField,
  passwordLengthError,
  SubmitRow,
  useFormFields,
} from './form-field.tsx';

type FieldName = 'customer_name' | 'email' | 'password' | 'phone';
type FieldErrors = Partial<Record<FieldName, ReactNode>>;
const FIELDS: FieldName[] = ['customer_name', 'email', 'password', 'phone'];

/**
 * `/register` (docs/product/shop.md): name, email, password (its rules shown up front) and an optional phone. The
 * form is checked with the API's own schema; the server's answers (email taken, password too common)
 * land next to their field. A new customer is logged in and goes on to `?next=` or the shop's home.
 */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('register.page_title'));
  const next = nextPagePath(new URLSearchParams(useSearch()).get('next'));
  const [, navigate] = useLocation();
  const { values, setErrors, field } = useFormFields<FieldName>({
    customer_name: '',
    email: '',
    password: '',
    phone: '',
  });
  const [formError, setFormError] = useState<ReactNode>(null);
  const form = useRef<HTMLFormElement>(null);
  const register = useRegisterCustomer();
  const loginHref = next ? `/login/${encodeURIComponent(next.slice(1))}` : '/login';

  const show = (errors: FieldErrors) => {
    setErrors(errors);
    const first = FIELDS.find((field) => errors[field]);
    if (first) form.current?.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
  };

  const validate = (): RegisterCustomer | null => {
    const parsed = registerCustomerSchema.safeParse({ ...values, phone: values.phone.trim() || undefined });
    if (parsed.success) return parsed.data;
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as FieldName;
      if (errors[field]) continue;
      const empty = values[field].trim() === '';
      if (field === 'customer_name') errors[field] = t('required');
      else if (field === 'email') errors[field] = empty ? t('required') : t('email_invalid');
      else if (field === 'password') errors[field] = empty ? t('required') : t(passwordLengthError(values.password));
      else errors[field] = t('register.phone_invalid');
    }
    show(errors);
    return null;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending) return;
    setFormError(null);
    const input = validate();
    if (!input) return;
    register.mutate(input, {
      onSuccess: () => (next ? navigate(next, { replace: true }) : reloadHome()),
      onError: (error) => {
        const code = errorCode(error);
        if (code === 'email_taken') {
          show({
            email: (
              <>
                {t('register.email_taken')} <Link href={loginHref}>{t('register.email_taken_login')}</Link>
              </>
            ),
          });
        } else if (code === 'password_too_common') {
          show({ password: t('register.password_too_common') });
        } else if (error instanceof RegisteredButNotSignedIn) {
          setFormError(
            <>
              {t('register.login_failed')} <Link href={loginHref}>{t('register.login')}</Link>
            </>,
          );
        } else {
          setFormError(failureText(error, { generic: t('generic_error') }));
        }
      },
    });
  };

  return (
    <AuthCard titleId="register-title" title={t('register.title')} intro={t('register.intro')}>
      <form ref={form} className="auth-form" onSubmit={submit} noValidate>
        <FormField
          label={t('register.name')}
          name="customer_name"
          autoComplete="name"
          maxLength={100}
          {...field('customer_name')}
        />
        <EmailField {...field('email')} />
        <NewPasswordField label={t('password')} name="password" {...field('password')} />
        <FormField
          label={t('register.phone')}
          type="tel"
          name="phone"
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
