import { useId, type InputHTMLAttributes } from 'react';

/**
 * A labelled input in the shop's look. The account screens' field is not reused: it reads the `auth`
 * texts, which would pull them (and it) into the storefront's first load through the auth index.
 */
export function TextField({ label, ...input }: Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { label: string }) {
  const id = useId();
  return (
    <div className="admin-field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input {...input} id={id} className="input" />
    </div>
  );
}
