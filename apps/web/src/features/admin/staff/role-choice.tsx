import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type StaffRole } from '@pizzeria/domain';

/**
 * The three roles as radio buttons, each with one line on what it may do, so the owner chooses knowing
 * what the colleague will see. Used by the invitation's form (registered with react-hook-form) and to
 * change a member's role (controlled).
 */
export function RoleChoice({
  legend,
  name,
  value,
  onChange,
  disabled = false,
  error,
  inputProps,
}: {
  legend: string;
  name: string;
  value?: StaffRole;
  onChange?: (role: StaffRole) => void;
  disabled?: boolean;
  error?: string;
  /** react-hook-form's `register(name)`: the radios then belong to its form. */
  inputProps?: (role: StaffRole) => Record<string, unknown>;
}) {
  const { t } = useTranslation('adminStaff');
  const id = useId();
  return (
    <fieldset className="staff-roles" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field-label">{legend}</legend>
      {STAFF_ROLES.map((role) => (
        <div key={role} className="staff-role">
          <input
            id={`${id}-${role}`}
            type="radio"
            name={name}
            value={role}
            disabled={disabled}
            aria-describedby={`${id}-${role}-explained`}
            {...(inputProps ? inputProps(role) : { checked: value === role, onChange: () => onChange?.(role) })}
          />
          <label htmlFor={`${id}-${role}`}>{t(`roles.${role}`)}</label>
          <p id={`${id}-${role}-explained`} className="admin-hint">
            {t(`role_explained.${role}`)}
          </p>
        </div>
      ))}
      {error ? (
        <p id={`${id}-error`} className="form-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
