import { useEffect } from 'react';
import { i18n } from '../../../i18n/index.ts';

/** Forms on the page with changes not yet saved (warn before leaving them). */
const dirtyForms = new Set<symbol>();

/**
 * True when the person may leave the page: nothing unsaved, or they said so. The back office's own links
 * ask this before they navigate; closing or reloading the tab asks the browser's question.
 */
export function confirmLeave(): boolean {
  return dirtyForms.size === 0 || window.confirm(i18n.t('adminForms:unsaved'));
}

function warnBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
}

/** Marks the calling form as holding unsaved changes while `dirty` is true. */
export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const form = Symbol('dirty form');
    dirtyForms.add(form);
    window.addEventListener('beforeunload', warnBeforeUnload);
    return () => {
      dirtyForms.delete(form);
      if (dirtyForms.size === 0) window.removeEventListener('beforeunload', warnBeforeUnload);
    };
  }, [dirty]);
}
