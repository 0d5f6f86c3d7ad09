import { AlertDialog } from '@base-ui/react/alert-dialog';
import { useTranslation } from 'react-i18next';
import type { AdminCategory } from '@pizzeria/domain';

/** Asks before a category leaves the menu for good: a tap on "Entfernen" is easy to make by mistake. */
export function ArchiveCategoryDialog({
  category,
  onConfirm,
  onClose,
}: {
  /** The category to remove; null: the dialog is closed. */
  category: AdminCategory | null;
  onConfirm: (category: AdminCategory) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminCategories');
  return (
    <AlertDialog.Root open={category !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialog.Portal>
        <AlertDialog.Backdrop className="dialog-backdrop" />
        <AlertDialog.Popup className="dialog-popup">
          <AlertDialog.Title className="dialog-title">
            {t('archive.title', { name: category?.name.de ?? '' })}
          </AlertDialog.Title>
          <AlertDialog.Description className="dialog-description">{t('archive.text')}</AlertDialog.Description>
          <div className="dialog-actions">
            <AlertDialog.Close className="button button-secondary">{t('archive.cancel')}</AlertDialog.Close>
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                if (category) onConfirm(category);
                onClose();
              }}
            >
              {t('archive.confirm')}
            </button>
          </div>
        </AlertDialog.Popup>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
