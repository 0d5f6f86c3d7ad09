import type { ReactNode } from 'react';

/**
 * The back office's field layout: a label above its control (`id` ties them), then whatever goes
 * below it (a hint, the field's error). `className` adds a page's own class for its place in a grid.
 */
export function Labelled({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `admin-field ${className}` : 'admin-field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}
