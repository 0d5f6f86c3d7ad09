import { useState } from 'react';
import * as z from 'zod/mini';
import { readStorage, sessionStore, writeStorage } from '../../lib/storage.ts';
import type { TimeSelection } from './components/time-choice.tsx';

/** Session storage key of the checkout's time choice, so a reload keeps it like the rest of the checkout. */
export const TIME_SELECTION_KEY = 'checkout_time';

const NO_SELECTION: TimeSelection = { mode: null, slot: '', date: null };

const timeSelectionSchema = z.object({
  mode: z.nullable(z.enum(['asap', 'slot'])),
  slot: z.string(),
  // Kept before pre-orders without a day: today.
  date: z._default(z.nullable(z.string()), null),
});

/**
 * The choice as the customer left it; a slot that has begun since is no choice any more (the checkout
 * then suggests again what is offered). Whether the server still offers a later slot is the checkout's to
 * say, as for a slot that fills up while the page is open.
 */
export function readTimeSelection(now: number = Date.now()): TimeSelection {
  const stored = readStorage(TIME_SELECTION_KEY, timeSelectionSchema, sessionStore());
  if (!stored) return NO_SELECTION;
  if (stored.mode === 'slot' && stored.slot !== '' && !(Date.parse(stored.slot) > now)) return NO_SELECTION;
  return stored;
}

/** Forgets the choice: the order it was for is placed. */
export function clearTimeSelection(): void {
  sessionStore()?.removeItem(TIME_SELECTION_KEY);
}

/** The checkout's time choice, kept in session storage as it changes. */
export function useTimeSelection(): [TimeSelection, (selection: TimeSelection) => void] {
  const [selection, setSelection] = useState(() => readTimeSelection());
  const choose = (next: TimeSelection) => {
    writeStorage(TIME_SELECTION_KEY, next, sessionStore());
    setSelection(next);
  };
  return [selection, choose];
}
