import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../auth/index.ts';

/** What the order page says after a drop: saved (a status) or refused and put back (an alert). */
export function useOrderStatus() {
  const { t } = useTranslation('adminCategories');
  const { t: tAdmin } = useTranslation('admin');
  const { t: tForms } = useTranslation('adminForms');
  const [status, setStatus] = useState<{ saved: string } | { failed: string } | null>(null);
  return {
    saved: status && 'saved' in status ? status.saved : '',
    failed: status && 'failed' in status ? status.failed : null,
    report: {
      /** A new drop: what was said about the last one no longer holds. */
      clear: () => setStatus(null),
      onSuccess: () => setStatus({ saved: tForms('reorder.saved') }),
      onError: (error: unknown) =>
        setStatus({ failed: t('order.failed', { message: failureText(error, { generic: tAdmin('generic_error') }) }) }),
    },
  };
}
