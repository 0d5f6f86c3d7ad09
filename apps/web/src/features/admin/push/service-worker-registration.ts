/** The back office's service worker, built from `service-worker.ts` (vite.config.ts) to this fixed address. */
export const SERVICE_WORKER_URL = '/order-online/admin/sw.js';
/** It controls the back office only: the storefront never loads or runs it. */
export const SERVICE_WORKER_SCOPE = '/order-online/admin/';

/** Whether this browser can show a notification pushed while the back office is closed. */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** Registers (or finds) the back office's service worker and waits until it is active. */
export async function backOfficeWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  return navigator.serviceWorker.ready;
}

/** The registration, if the back office's worker was registered on this device before; never registers one. */
export async function existingWorker(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
}

/** The server's key as `applicationServerKey` wants it: base64url to bytes. */
export function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
