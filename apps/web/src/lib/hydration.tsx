import { Suspense, useState, type ReactNode } from 'react';

// Hydration in steps (docs/decisions/013). The server's menu page is on screen before the app starts;
// taking it over in one render is one long task, which a tap would wait behind. While `hydrateInSteps`
// runs, every `HydrateLater` part suspends, and Preact keeps its server elements as they are. Afterwards
// the parts are taken over one task each, in page order, so the main thread is never held for long.

interface Gate {
  open: boolean;
  promise: Promise<void>;
  release: () => void;
}

let hydrating = false;
const waiting: Gate[] = [];
/** Opens once the last part held back is taken over and rendered. */
let takenOver: Gate | null = null;

function newGate(): Gate {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((settle) => (resolve = settle));
  const gate: Gate = {
    open: false,
    promise,
    release: () => {
      gate.open = true;
      resolve();
    },
  };
  return gate;
}

/** Resolves in a task of its own, after the browser has had the chance to paint and handle input. */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// A tap (or typing) that reaches the server's elements before the app has taken them over would be
// lost: nothing listens yet. So from the script's start until every part is taken over, clicks are held
// (stopped before they reach anything), and once the page's frame is hydrated the remaining parts are
// taken over at once and the held events dispatched again, to the same elements.
const HELD_EVENTS = ['click', 'input'] as const;
let holding = false;
let shellHydrated = false;
const held: Event[] = [];
const replayed = new WeakSet<Event>();

function hold(event: Event): void {
  if (replayed.has(event)) return;
  // A click's default action (a link, a checkbox) waits for the app; typed text is already in its field.
  if (event.type === 'click') {
    event.preventDefault();
    event.stopImmediatePropagation();
  }
  held.push(event);
  if (shellHydrated) takeOverNow();
}

/** Holds the page's clicks and typing until the app has taken over the server's page (see above). */
export function holdInputUntilHydrated(): void {
  if (holding) return;
  holding = true;
  shellHydrated = false;
  for (const type of HELD_EVENTS) document.addEventListener(type, hold, true);
}

function stopHolding(): void {
  if (!holding) return;
  holding = false;
  for (const type of HELD_EVENTS) document.removeEventListener(type, hold, true);
}

/** Dispatches the held events again once the parts' renders (microtasks) are done. */
function replayHeld(): void {
  setTimeout(() => {
    for (const event of held.splice(0)) {
      const { target } = event;
      if (!(target instanceof Node) || !target.isConnected) continue;
      const again =
        event.type === 'click'
          ? new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, detail: 1 })
          : new Event(event.type, { bubbles: true, composed: true });
      replayed.add(again);
      target.dispatchEvent(again);
    }
  }, 0);
}

/** Someone is waiting for an answer: every waiting part is taken over now, then their input replayed. */
function takeOverNow(): void {
  for (const gate of waiting.splice(0)) gate.release();
  allTakenOver();
}

/** Opens the next waiting part in a task of its own; its render runs in that task's microtasks. */
function releaseNext(): void {
  if (waiting.length === 0) {
    allTakenOver();
    return;
  }
  setTimeout(() => {
    waiting.shift()?.release();
    releaseNext();
  }, 0);
}

/**
 * Runs `hydrate` (Preact's `hydrate` over the server's page) with the `HydrateLater` parts held back,
 * then takes them over one per task, or all at once when input was held meanwhile.
 */
export function hydrateInSteps(hydrate: () => void): void {
  takenOver ??= newGate();
  hydrating = true;
  try {
    hydrate();
  } catch (error) {
    // Without the app the server's page is still a page: its links must work again.
    stopHolding();
    held.length = 0;
    takenOver?.release();
    takenOver = null;
    throw error;
  } finally {
    hydrating = false;
  }
  shellHydrated = true;
  if (held.length > 0) takeOverNow();
  else releaseNext();
}

/** Every part is taken over: input goes to the app again, and whoever waits for that is told. */
function allTakenOver(): void {
  releaseHeldInput();
  const gate = takenOver;
  takenOver = null;
  // The last part renders in the microtasks of the task that released it.
  if (gate) void yieldToBrowser().then(gate.release);
}

/**
 * Resolves once the server's page is wholly the app's: every part `hydrateInSteps` held back is taken
 * over and rendered (at once when nothing is held back or hydrating).
 */
export function whenTakenOver(): Promise<void> {
  return takenOver?.promise ?? Promise.resolve();
}

/**
 * Ends holding and replays what was held on elements that are still there: once every part is taken
 * over, or (from main.tsx) for a page rendered from scratch instead of hydrated.
 */
export function releaseHeldInput(): void {
  stopHolding();
  replayHeld();
}

function Gated({ children }: { children: ReactNode }) {
  const [gate] = useState(() => (hydrating ? newGate() : undefined));
  if (gate && !gate.open) {
    if (!waiting.includes(gate)) waiting.push(gate);
    // Preact keeps the server's elements of a part that suspends while hydrating.
    throw gate.promise;
  }
  return children;
}

/**
 * A part of the server's page that the browser takes over after the rest, in a task of its own. It
 * must render exactly one element (Preact keeps one element for a suspended part). Anywhere else (on
 * the server, in a render that is not the first) it is its children.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gated>{children}</Gated>
    </Suspense>
  );
}
