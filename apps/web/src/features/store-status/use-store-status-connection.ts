import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { whenIdle } from '../../lib/when-idle.ts';
import { useStoreStatus } from './store-status-store.ts';

/**
 * Keeps the live store status connected while the shop is open (docs/product/times.md): the connection's code is a
 * lazy chunk fetched right after the first render, so the first load stays small, and the socket opens
 * once the browser is idle (opening one costs the main thread a few milliseconds on a phone). It
 * refreshes the shop's catalogue queries when staff change the menu.
 */
export function useStoreStatusConnection(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let active = true;
    let stop: (() => void) | undefined;
    let cancelIdle: (() => void) | undefined;
    import('./status-connection.ts').then(
      (connection) => {
        if (!active) return;
        cancelIdle = whenIdle(() => {
          if (active) stop = connection.startStoreStatus({ queryClient });
        });
      },
      (error: unknown) => {
        console.error('Could not load the live store status', error);
        if (active) useStoreStatus.setState({ status: { kind: 'unavailable' } });
      },
    );
    return () => {
      active = false;
      cancelIdle?.();
      stop?.();
    };
  }, [queryClient]);
}
