import { Dialog } from '@base-ui/react/dialog';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../lib/icons.tsx';
import { CsvExport } from '../reports/csv-export.tsx';
import { TodayAtAGlance } from '../reports/today-at-a-glance.tsx';

/**
 * Today's figures and the accountant's CSV, one tap from the board's header: at closing they matter, during
 * service the orders do, so they no longer push the columns down. The figures' own heading names the dialog.
 */
export function TodayDialog() {
  const { t } = useTranslation('adminBoard');
  return (
    <Dialog.Root>
      <Dialog.Trigger className="button button-secondary">{t('today.open')}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Backdrop className="dialog-backdrop" />
        <Dialog.Popup className="dialog-popup board-today" aria-labelledby="reports-today-heading">
          <Dialog.Close className="icon-button board-today-close" aria-label={t('dialog.close')}>
            <CloseIcon />
          </Dialog.Close>
          <TodayAtAGlance />
          <CsvExport />
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
