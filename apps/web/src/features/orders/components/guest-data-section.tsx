import { AlertDialog } from '@base-ui/react/alert-dialog';
import { useTranslation } from 'react-i18next';
import { useDownloadGuestData, useEraseGuestData } from '../api/guest-data.ts';
import { failureMessage } from './failure-message.ts';

/**
 * "Ihre Daten" on a guest's order page (reached by the tracking link): the guest's data rights without an
 * account, downloading what this order holds about them and having it erased (docs/product/shop.md).
 * Erasing asks first; a refusal (the order is still open) is said here, success says where what remains is.
 */
export function GuestDataSection({ id, token }: { id: number; token: string }) {
  const { t } = useTranslation('orders');
  const download = useDownloadGuestData();
  const erase = useEraseGuestData();
  return (
    <section className="card checkout-section guest-data" aria-labelledby="guest-data-title">
      <h2 id="guest-data-title">{t('guest_data.title')}</h2>
      <p className="checkout-hint">{t('guest_data.intro')}</p>
      {erase.isSuccess && (
        <p className="guest-data-done" role="status">
          {erase.data.message} {t('guest_data.erased_remains')}
        </p>
      )}
      {download.isSuccess && (
        <p className="guest-data-done" role="status">
          {t('guest_data.downloaded')}
        </p>
      )}
      {(download.isError || erase.isError) && (
        <p className="form-error" role="alert">
          {failureMessage(download.error ?? erase.error, t('guest_data.error'))}
        </p>
      )}
      <div className="guest-data-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={download.isPending}
          onClick={() => download.mutate({ id, token })}
        >
          {download.isPending ? t('guest_data.downloading') : t('guest_data.download')}
        </button>
        {!erase.isSuccess && (
          <AlertDialog.Root>
            <AlertDialog.Trigger className="button button-secondary guest-data-erase" disabled={erase.isPending}>
              {erase.isPending ? t('guest_data.erasing') : t('guest_data.erase')}
            </AlertDialog.Trigger>
            <AlertDialog.Portal>
              <AlertDialog.Backdrop className="dialog-backdrop" />
              <AlertDialog.Popup className="dialog-popup">
                <AlertDialog.Title className="dialog-title">{t('guest_data.erase_title')}</AlertDialog.Title>
                <AlertDialog.Description className="dialog-description">
                  {t('guest_data.erase_text')}
                </AlertDialog.Description>
                <div className="dialog-actions">
                  <AlertDialog.Close className="button button-secondary">
                    {t('guest_data.erase_cancel')}
                  </AlertDialog.Close>
                  <AlertDialog.Close
                    className="button button-primary guest-data-erase-confirm"
                    onClick={() => {
                      download.reset();
                      erase.mutate({ id, token });
                    }}
                  >
                    {t('guest_data.erase_confirm')}
                  </AlertDialog.Close>
                </div>
              </AlertDialog.Popup>
            </AlertDialog.Portal>
          </AlertDialog.Root>
        )}
      </div>
    </section>
  );
}
