import { lazy, Suspense } from 'react';
import { useBackCloses } from '../../../lib/back-closes.ts';
import { closeLoginDialog, useLoginDialog } from '../login-dialog-store.ts';

const LoginDialog = lazy(() => import('./login-dialog.tsx'));

/** Mounts the login modal (a lazy chunk with Base UI) once someone asks for it. */
export function LoginDialogHost() {
  const requested = useLoginDialog((state) => state.requested);
  useBackCloses(
    useLoginDialog((state) => state.open),
    closeLoginDialog,
  );
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog />
    </Suspense>
  );
}
