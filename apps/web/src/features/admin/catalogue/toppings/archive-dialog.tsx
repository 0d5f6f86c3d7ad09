import { AlertDialog } from '@base-ui/react/alert-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "Archive …?" before a row leaves the shop: says what else it takes with it, and shows a refusal
 * inside the dialog so the person can read it before closing.
 */
export function ArchiveDialog({
  name,
  consequence,
  archive,
}: {
  name: string;
  consequence: string;
  /** Resolves once archived; the dialog closes then. */
  archive: () => Promise<unknown>;
}) {
  const { t } = useTranslation('adminToppings');
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await archive();
      setOpen(false);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
    >
      <AlertDialog.Trigger className="button button-secondary" aria-label={t('archive.button_named', { name })}>
        {t('archive.button')}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Backdrop className="dialog-backdrop" />
        <AlertDialog.Popup className="dialog-popup">
          <AlertDialog.Title className="dialog-title">{t('archive.title', { name })}</AlertDialog.Title>
          <AlertDialog.Description>{consequence}</AlertDialog.Description>
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="dialog-actions">
            <AlertDialog.Close className="button button-secondary">{t('archive.cancel')}</AlertDialog.Close>
            <button type="button" className="button button-primary" disabled={pending} onClick={() => void confirm()}>
              {t('archive.confirm')}
            </button>
          </div>
        </AlertDialog.Popup>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
