import { AlertDialog } from '@base-ui/react/alert-dialog';
import { useTranslation } from 'react-i18next';

/**
 * "Really archive?" before a row leaves the shop for good: the trigger names the row (a screen reader
 * hears which), the dialog says what happens, and Cancel is the safe default.
 */
export function ConfirmArchiveDialog({
  label,
  accessibleLabel,
  title,
  text,
  confirm,
  disabled = false,
  describedBy,
  onConfirm,
}: {
  label: string;
  accessibleLabel: string;
  title: string;
  text: string;
  confirm: string;
  disabled?: boolean;
  describedBy?: string;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('adminForms');
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger
        className="button button-secondary"
        aria-label={accessibleLabel}
        aria-describedby={describedBy}
        disabled={disabled}
      >
        {label}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Backdrop className="dialog-backdrop" />
        <AlertDialog.Popup className="dialog-popup">
          <AlertDialog.Title className="dialog-title">{title}</AlertDialog.Title>
          <AlertDialog.Description>{text}</AlertDialog.Description>
          <div className="admin-actions">
            <AlertDialog.Close className="button button-secondary">{t('cancel')}</AlertDialog.Close>
            <AlertDialog.Close className="button button-primary" onClick={onConfirm}>
              {confirm}
            </AlertDialog.Close>
          </div>
        </AlertDialog.Popup>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
