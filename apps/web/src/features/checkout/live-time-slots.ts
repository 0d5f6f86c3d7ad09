import { useEffect, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TimeSlots } from '@pizzeria/domain';
import { invalidateAnew } from '../../lib/invalidate-anew.ts';
import { isClosedNow, useStoreStatus } from '../store-status/index.ts';
import { TIME_SLOTS_KEY } from './api/get-time-slots.ts';

/**
 * The server's offer as the live status allows it: while the restaurant is known to be closed (a lost
 * connection included) nothing is offered for "as soon as possible", even if the slots were fetched
 * while it was open. Later slots stay: pre-ordering for later today is fine.
 */
export function withLiveStatus(slots: TimeSlots | undefined, closedNow: boolean): TimeSlots | undefined {
  if (!slots || !closedNow || !slots.asap_available) return slots;
  return { ...slots, asap_available: false, asap_ready_at: null };
}

/**
 * The time slots to show, following the live store status: when it says the offer changed (opened,
 * closed, paused, other hours), the slots are fetched again, so the checkout offers what the server will
 * accept.
 */
export function useLiveTimeSlots(slots: TimeSlots | undefined): {
  slots: TimeSlots | undefined;
  closedNow: boolean;
  /** The server offered "as soon as possible" but the live status holds it back (closed, or connection lost). */
  asapWithheld: boolean;
  /** The live connection dropped and is being restored: closed until it is, which is usually a moment. */
  reconnecting: boolean;
} {
  const queryClient = useQueryClient();
  const closedNow = useStoreStatus((state) => isClosedNow(state.status));
  const reconnecting = useStoreStatus((state) => state.status.kind === 'reconnecting');
  const revision = useStoreStatus((state) => state.revision);
  const seen = useRef(revision);
  useEffect(() => {
    if (seen.current === revision) return;
    seen.current = revision;
    void invalidateAnew(queryClient, { queryKey: TIME_SLOTS_KEY });
  }, [revision, queryClient]);
  return {
    slots: useMemo(() => withLiveStatus(slots, closedNow), [slots, closedNow]),
    closedNow,
    asapWithheld: closedNow && slots?.asap_available === true,
    reconnecting,
  };
}
