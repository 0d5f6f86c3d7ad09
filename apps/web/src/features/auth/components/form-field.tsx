import '../auth-form.css';
import '../register-texts.ts';
import { useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type Resolver,
  type SubmitHandler,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH } from '@pizzeria/domain';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';
import { EyeIcon, EyeOffIcon } from './auth-icons.tsx';

// The account forms' parts (fields, frame, submit row, form state) live in this one module on purpose:
// the lazy account pages then share a single chunk, and the first load's list of chunks to preload
// names one file for them rather than one per part.

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown below the label before anything goes wrong, e.g. the password rules. */
  hint?: string;
  /** The field's own error, shown next to it and announced with it. */
  error?: ReactNode;
  /** Adds a button that shows the password as text. */
  revealable?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled input with its hint and error tied to it (aria-describedby, aria-invalid): the account
 * screens' fields, and the back office's (through `ui.ts`).
 */
export function FormField({ label, hint, error, revealable = false, type, ref, ...input }: FormFieldProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="auth-field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="auth-field-hint">
          {hint}
        </p>
      ) : null}
      <div className={revealable ? 'auth-input-wrap' : undefined}>
        <input
          {...input}
          ref={ref}
          id={id}
          type={revealable && revealed ? 'text' : type}
          className="input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {revealable ? (
          <button
            type="button"
            className="auth-reveal"
            aria-label={t('show_password')}
            aria-pressed={revealed}
            aria-controls={id}
            onClick={() => setRevealed((value) => !value)}
          >
            {revealed ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="auth-field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type NewPasswordFieldProps = Omit<FormFieldProps, 'type' | 'autoComplete' | 'hint' | 'revealable'>;

/** An email address, named `email` unless the form says otherwise (the login's is its `username`). */
export function EmailField(props: Omit<FormFieldProps, 'label' | 'type' | 'inputMode'>) {
  const { t } = useTranslation('auth');
  return <FormField label={t('email')} type="email" name="email" autoComplete="email" inputMode="email" {...props} />;
}

/** A password being chosen (registration, reset): its rules shown up front, and it can be shown as typed. */
export function NewPasswordField(props: NewPasswordFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <FormField type="password" autoComplete="new-password" hint={t('register.password_rules')} revealable {...props} />
  );
}

/** The text key of why a typed, non-empty password breaks the rules (`passwordSchema`): too long or too short. */
function passwordLengthError(password: string) {
  return password.length > PASSWORD_MAX_LENGTH ? 'register.password_too_long' : 'register.password_too_short';
}

interface AuthCardProps {
  /** The heading's id, which names the card for assistive technology. */
  titleId: string;
  title: string;
  /** The line under the heading; left out once the page has nothing left to explain. */
  intro?: string | null;
  children: ReactNode;
}

/** The frame of every account page: a centred card with its heading and intro. */
export function AuthCard({ titleId, title, intro, children }: AuthCardProps) {
  return (
    <div className="container page auth-page">
      <section className="card auth-card" aria-labelledby={titleId}>
        <header className="auth-header">
          <h1 id={titleId}>{title}</h1>
          {intro ? <p className="auth-intro">{intro}</p> : null}
        </header>
        {children}
      </section>
    </div>
  );
}

interface SubmitRowProps {
  /** What went wrong with the whole form, announced when it appears. */
  error?: ReactNode;
  /** The call is on its way: the button is disabled and says so. */
  pending: boolean;
  label: string;
  pendingLabel: string;
}

/** The end of an account form: its error line, then the submit button with its pending state. */
export function SubmitRow({ error, pending, label, pendingLabel }: SubmitRowProps) {
  return (
    <>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button-primary button-block" disabled={pending}>
        {pending ? pendingLabel : label}
      </button>
    </>
  );
}

/** The sentences an account field's error may say, as text keys: the page speaks them in its language. */
type FieldErrorKey =
  | 'required'
  | 'email_invalid'
  | 'register.password_too_short'
  | 'register.password_too_long'
  | 'register.password_too_common'
  | 'register.phone_invalid'
  | 'register.email_taken'
  | 'reset.mismatch';

/**
 * What a field the domain's schema refused says, by the field and what was typed: the schema's own
 * messages are for developers ("Too small: expected string to have >=8 characters").
 */
function fieldErrorKey(field: string, typed: unknown): FieldErrorKey {
  const value = typeof typed === 'string' ? typed : '';
  if (field === 'password_repeat') return 'reset.mismatch';
  if (field === 'phone') return 'register.phone_invalid';
  if (field === 'password') return value === '' ? 'required' : passwordLengthError(value);
  if (field === 'email' && value.trim() !== '') return 'email_invalid';
  return 'required';
}

/** Checks the form with the domain's schema and gives each refused field its text key as its message. */
function accountResolver<Values extends FieldValues, Output>(schema: z.ZodMiniType<Output>) {
  // The resolver's types cannot see through a generic schema; it is the domain schema of `Values`.
  const check = zodResolver(schema as never) as unknown as Resolver<Values, unknown, Output>;
  const resolver: Resolver<Values, unknown, Output> = async (values, context, options) => {
    const result = await check(values, context, options);
    for (const [field, error] of Object.entries(result.errors)) {
      if (error && typeof error === 'object') error.message = fieldErrorKey(field, values[field]);
    }
    return result;
  };
  return resolver;
}

/**
 * An account form on react-hook-form, checked on submit with the domain's schema (the server's own).
 * `checkAndSend(event, send)` sends the schema's output, or marks every field that is wrong and brings
 * the first (in the form's order) into view with the focus. A server's answer about one field goes there
 * with `form.setError(field, { type: 'server', message: key }, { shouldFocus: true })`. Typing in a field
 * clears its error; what was typed stays, whatever the answer. `field(name)` gives a `FormField` its
 * registration and its error in the page's language.
 */
export function useAccountForm<Values extends Record<string, string>, Output>(
  schema: z.ZodMiniType<Output>,
  defaultValues: Values,
) {
  const { t } = useTranslation('auth');
  const form = useForm<Values, unknown, Output>({
    defaultValues: defaultValues as DefaultValues<Values>,
    resolver: accountResolver<Values, Output>(schema),
    // A field is checked again at the next submit, not while it is typed (a half-typed address is no error).
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const field = (name: Path<Values>) => {
    const error: FieldError | undefined = get(form.formState.errors, name);
    return {
      ...form.register(name, { onChange: () => form.clearErrors(name) }),
      error: error?.message ? t(error.message as FieldErrorKey) : undefined,
    };
  };
  const checkAndSend = (event: FormEvent<HTMLFormElement>, send: SubmitHandler<Output>) => {
    const element = event.currentTarget;
    void form.handleSubmit(send, (errors) => focusFirstInvalid(element, Object.keys(errors)))(event);
  };
  return { form, field, checkAndSend };
}
