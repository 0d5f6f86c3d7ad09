import { AlertDialog } from '@base-ui/react/alert-dialog';
import { useTranslation } from 'react-i18next';
import type { Address } from '@pizzeria/domain';

/**
 * "Really delete?" before an address leaves the account: the trigger names the address, the
 * dialog says past orders keep theirs, and keeping it is the safe default.
 */
export function DeleteAddressDialog({
  address,
  disabled,
  onConfirm,
}: {
  address: Address;
  disabled: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('addresses');
  const described = [address.line1, address.line2, `${address.zip} ${address.city}`.trim()].filter(Boolean).join(', ');
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger
        className="link-button address-delete"
        aria-label={t('delete_label', { line1: address.line1 })}
        disabled={disabled}
      >
        {t('delete')}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Backdrop className="dialog-backdrop" />
        <AlertDialog.Popup className="dialog-popup">
          <AlertDialog.Title className="dialog-title">{t('delete_title')}</AlertDialog.Title>
          <AlertDialog.Description className="dialog-description">
            {t('delete_text', { address: described })}
          </AlertDialog.Description>
          <div className="dialog-actions">
            <AlertDialog.Close className="button button-secondary">{t('delete_cancel')}</AlertDialog.Close>
            <AlertDialog.Close className="button button-primary" onClick={onConfirm}>
              {t('delete_confirm')}
            </AlertDialog.Close>
          </div>
        </AlertDialog.Popup>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
