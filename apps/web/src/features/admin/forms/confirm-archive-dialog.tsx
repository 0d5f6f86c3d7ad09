import { AlertDialog } from '@base-ui/react/alert-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The button that opens the dialog, naming the row so a screen reader hears which. */
type ArchiveTrigger = { label: string; accessibleLabel: string; disabled?: boolean; describedBy?: string };

/**
 * "Really archive?" before a row leaves the shop for good: the dialog says what happens, and Cancel is
 * the safe default. It opens from its own `trigger` button, or from the page (`open` and `onClose`)
 * when the button lives elsewhere. When `onConfirm` returns a promise the dialog stays open until it
 * settles and shows a refusal inside, so the person can read it before closing.
 */
export function ConfirmArchiveDialog({
  trigger,
  open: openFromPage,
  onClose,
  title,
  text,
  confirm,
  onConfirm,
}: {
  trigger?: ArchiveTrigger;
  open?: boolean;
  onClose?: () => void;
  title: string;
  text: string;
  confirm: string;
  onConfirm: (() => void) | (() => Promise<unknown>);
}) {
  const { t } = useTranslation('adminForms');
  const [openHere, setOpenHere] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = openFromPage ?? openHere;

  const setOpen = (next: boolean) => {
    setOpenHere(next);
    setError(null);
    if (!next) onClose?.();
  };

  const run = async (archived: Promise<unknown>) => {
    setPending(true);
    setError(null);
    try {
      await archived;
      setOpen(false);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };

  const confirmed = () => {
    const archived: unknown = onConfirm();
    if (archived instanceof Promise) void run(archived);
    else setOpen(false);
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      {trigger ? (
        <AlertDialog.Trigger
          className="button button-secondary"
          aria-label={trigger.accessibleLabel}
          aria-describedby={trigger.describedBy}
          disabled={trigger.disabled ?? false}
        >
          {trigger.label}
        </AlertDialog.Trigger>
      ) : null}
      <AlertDialog.Portal>
        <AlertDialog.Backdrop className="dialog-backdrop" />
        <AlertDialog.Popup className="dialog-popup">
          <AlertDialog.Title className="dialog-title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="dialog-description">{text}</AlertDialog.Description>
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="dialog-actions">
            <AlertDialog.Close className="button button-secondary">{t('cancel')}</AlertDialog.Close>
            <button type="button" className="button button-primary" disabled={pending} onClick={confirmed}>
              {confirm}
            </button>
          </div>
        </AlertDialog.Popup>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
