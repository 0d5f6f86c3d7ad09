export { openLoginDialog, closeLoginDialog, useLoginDialog } from './login-dialog-store.ts';
export { LoginDialogHost } from './components/login-dialog-host.tsx';
