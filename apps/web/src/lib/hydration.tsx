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

/** Opens the next waiting part in a task of its own; its render runs in that task's microtasks. */
function releaseNext(): void {
  if (waiting.length === 0) return;
  setTimeout(() => {
    waiting.shift()?.release();
    releaseNext();
  }, 0);
}

/**
 * Runs `hydrate` (Preact's `hydrate` over the server's page) with the `HydrateLater` parts held back,
 * then takes them over one per task.
 */
export function hydrateInSteps(hydrate: () => void): void {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
  releaseNext();
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
