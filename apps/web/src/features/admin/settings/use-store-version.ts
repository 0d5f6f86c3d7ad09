import { useRef } from 'react';

export interface StoreVersion {
  /** The version a save sends: the form's own, or the newer one another section of this page saved. */
  latest: (formVersion: number | null) => number;
  saved: (version: number) => void;
}

/**
 * The store's settings and its weekly hours share one version, but each section is its own
 * form that remembers the version it read. Saving one section raises the store's version, so the other
 * section sends the newer one; a version someone else saved still comes back as a conflict.
 */
export function useStoreVersion(initial: number): StoreVersion {
  const latest = useRef(initial);
  return {
    latest: (formVersion) => Math.max(formVersion ?? 0, latest.current),
    saved: (version) => {
      latest.current = Math.max(latest.current, version);
    },
  };
}
