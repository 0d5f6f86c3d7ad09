import { useEffect, useId } from 'react';

// Open sheets and dialogs are history entries: on a phone, Back with the cart or a dish open
// closes it instead of leaving the shop. One entry (same address, a marker in its state) stands for
// whatever is open; it is taken off again when the last one closes by its own button, unless the shop
// navigated meanwhile (the cart's way to the checkout); one closing as another opens in the same turn
// (the cart handing over to the login modal) keeps it, and one opening while that step back is on its
// way (the cart handing a line to the product dialog) gets a new one after it.

const MARKER = 'pizzeriaDialog';

const openDialogs = new Map<string, () => void>();
let entryPushed = false;
/** Set from our own `history.back()` until its popstate: that one closes nothing. */
let leavingEntry = false;
let listening = false;

function onTheEntry(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && MARKER in state;
}

function pushEntry() {
  const state: unknown = window.history.state;
  window.history.pushState({ ...(typeof state === 'object' ? state : {}), [MARKER]: true }, '');
  entryPushed = true;
}

function onPopState() {
  if (leavingEntry) {
    // Our own step back. A dialog opened while it was on its way (the cart handing a line to the
    // product dialog, which opens a moment later) gets an entry of its own now.
    leavingEntry = false;
    if (openDialogs.size > 0) pushEntry();
    return;
  }
  if (!entryPushed || onTheEntry()) return;
  // Back left the entry: everything open on it closes.
  entryPushed = false;
  for (const close of [...openDialogs.values()]) close();
}

function opened(id: string, close: () => void) {
  openDialogs.set(id, close);
  if (!listening) {
    window.addEventListener('popstate', onPopState);
    listening = true;
  }
  // Pushed now, a new entry would be the one our pending step back takes away: pushed after it instead.
  if (entryPushed || leavingEntry) return;
  pushEntry();
}

function closed(id: string) {
  if (!openDialogs.delete(id)) return;
  // Decided after this turn: another dialog may be opening in its place.
  window.setTimeout(() => {
    if (openDialogs.size > 0 || !entryPushed) return;
    entryPushed = false;
    if (!onTheEntry()) return;
    leavingEntry = true;
    window.history.back();
  }, 0);
}

/**
 * While `open`, Back closes this dialog (through `close`) and stays in the shop. Called where the open
 * state is known at once (a dialog's host), not in a lazily loaded dialog: its code may arrive after the
 * turn in which another dialog handed over to it.
 */
export function useBackCloses(open: boolean, close: () => void): void {
  const id = useId();
  useEffect(() => {
    if (!open) return;
    opened(id, close);
    return () => closed(id);
    // `close` is the dialog store's action: the same function for the dialog's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, id]);
}
