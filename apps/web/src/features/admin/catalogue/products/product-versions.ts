import { useRef } from 'react';

/**
 * The product's versions this page raised itself. The product editor saves one product in several
 * forms (its details, its topping groups, its allergens; sold out today): each save raises the same
 * version, so the next form's save follows the page's own saves to the newest instead of refusing
 * them as someone else's. A version raised by another person is not in the chain, so it still conflicts.
 */
export function useProductVersions() {
  const raised = useRef(new Map<number, number>());
  return {
    /** The version to send for a form that read `version`. */
    newest(version: number): number {
      let current = version;
      while (raised.current.has(current)) current = raised.current.get(current) ?? current;
      return current;
    },
    /** A save of this page sent `before` and got `after`. */
    raised(before: number | null, after: number) {
      if (before !== null && before !== after) raised.current.set(before, after);
    },
  };
}

export type ProductVersions = ReturnType<typeof useProductVersions>;
