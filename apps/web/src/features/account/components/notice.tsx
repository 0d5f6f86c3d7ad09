import type { ReactNode } from 'react';
import { CheckCircleIcon } from '../../auth/ui.ts';

/** A section's word that something worked, announced politely where it happened. */
export function DoneNotice({ children }: { children: ReactNode }) {
  return (
    <p className="account-notice" role="status">
      <CheckCircleIcon />
      {children}
    </p>
  );
}
