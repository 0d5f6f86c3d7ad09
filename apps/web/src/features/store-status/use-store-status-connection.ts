import { useEffect } from 'react';
import { useStoreStatus } from './store-status-store.ts';

/**
 * Keeps the live store status connected while the shop is open (SPEC §4): the connection's code is a
 * lazy chunk fetched right after the first render, so the first load stays small.
 */
export function useStoreStatusConnection(): void {
  useEffect(() => {
    let active = true;
    let stop: (() => void) | undefined;
    import('./status-connection.ts').then(
      (connection) => {
        if (active) stop = connection.startStoreStatus();
      },
      (error: unknown) => {
        console.error('Could not load the live store status', error);
        if (active) useStoreStatus.setState({ status: { kind: 'unavailable' } });
      },
    );
    return () => {
      active = false;
      stop?.();
    };
  }, []);
}
