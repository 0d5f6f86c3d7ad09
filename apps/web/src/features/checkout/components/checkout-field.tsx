import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface CheckoutFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  optional?: boolean;
  invalid?: boolean;
}

/** A labelled input with its hint and error, described to assistive technology. */
export function CheckoutField({ label, hint, error, optional, invalid, ...input }: CheckoutFieldProps) {
  const { t } = useTranslation('checkout');
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="checkout-field">
      <label className="field-label" htmlFor={id}>
        {label}
        {optional && <span className="checkout-optional"> ({t('optional')})</span>}
      </label>
      <input
        id={id}
        className="input"
        aria-invalid={invalid || Boolean(error) || undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="checkout-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="checkout-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
