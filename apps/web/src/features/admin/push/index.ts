export { PushSwitch } from './push-switch.tsx';
export { useBackOfficeManifest } from './back-office-manifest.ts';
