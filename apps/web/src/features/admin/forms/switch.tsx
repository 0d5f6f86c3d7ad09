import './switch.css';
import type { ReactNode } from 'react';

/**
 * An on/off setting of this device that takes effect at once (the board's sound, its notifications): a
 * button with `role="switch"` whose track shows the state and whose words say it ("Ton: an").
 */
export function Switch({
  checked,
  onToggle,
  disabled = false,
  describedBy,
  children,
}: {
  checked: boolean;
  onToggle: () => void;
  disabled?: boolean;
  describedBy?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-describedby={describedBy}
      className="admin-switch"
      disabled={disabled}
      onClick={onToggle}
    >
      <span className="admin-switch-track" aria-hidden="true" />
      {children}
    </button>
  );
}
