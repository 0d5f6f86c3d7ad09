/**
 * `use-sync-external-store/shim` for Preact: wouter, Base UI and zustand import it, and its CommonJS
 * build would `require('react')` past the build's aliases (vite.config.ts). Preact has the hook.
 */
export { useSyncExternalStore } from 'preact/compat';
