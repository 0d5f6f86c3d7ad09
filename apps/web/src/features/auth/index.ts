export { openLoginDialog, closeLoginDialog, useLoginDialog } from './login-dialog-store.ts';
export { LoginDialogHost } from './components/login-dialog-host.tsx';
export { knownDeviceToken, rememberDevice } from './known-devices.ts';
export { failureText } from './auth-errors.ts';
