import '../auth-form.css';
import '../register-texts.ts';
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './auth-icons.tsx';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
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
