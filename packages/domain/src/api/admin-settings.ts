import * as z from 'zod/mini';

// Placeholder: filled in by issue 11's work on this part.
export const _admin_settingsPlaceholder = z.never();
