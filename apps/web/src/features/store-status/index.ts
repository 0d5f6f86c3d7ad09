export { useStoreStatus, isClosedNow, type StoreStatusView } from './store-status-store.ts';
export { useStoreStatusConnection } from './use-store-status-connection.ts';
export { StoreStatusPill } from './components/store-status-pill.tsx';
export { ClosedTodayNotice } from './components/closed-today-notice.tsx';
