import { AlertDialog } from '@base-ui/react/alert-dialog';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { accountDeletionSchema, type AccountDeletion } from '@pizzeria/domain';
import { FormField, useAccountForm } from '../../auth/ui.ts';
import { failureText } from '../../auth/index.ts';
import { clearCart } from '../../cart/index.ts';
import { forgetSession } from '../../session/index.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

/**
 * "Konto löschen": says what happens (account and addresses go, orders stay for the accounts without
 * personal data), then asks for the password in a dialog. The server's refusal (an order still open, a
 * wrong password) is said there; once deleted, this device forgets the session and the cart and the
 * page says so with the server's words.
 */
export function DeleteAccountSection({ onDeleted }: { onDeleted: (message: string) => void }) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  return (
    <section className="card checkout-section account-danger" aria-labelledby="account-delete-title">
      <h2 id="account-delete-title">{t('delete.title')}</h2>
      <p className="checkout-hint">{t('delete.intro')}</p>
      <AlertDialog.Root open={open} onOpenChange={setOpen}>
        <AlertDialog.Trigger className="button button-secondary account-start account-danger-button">
          {t('delete.open')}
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Backdrop className="dialog-backdrop" />
          <AlertDialog.Popup className="dialog-popup account-dialog">
            <AlertDialog.Title className="dialog-title">{t('delete.dialog_title')}</AlertDialog.Title>
            <AlertDialog.Description className="dialog-description">{t('delete.dialog_text')}</AlertDialog.Description>
            <DeleteAccountForm onDeleted={onDeleted} />
          </AlertDialog.Popup>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </section>
  );
}

function DeleteAccountForm({ onDeleted }: { onDeleted: (message: string) => void }) {
  const { t } = useTranslation('account');
  const remove = useDeleteAccount();
  const { field, checkAndSend } = useAccountForm(accountDeletionSchema, { current_password: '' });

  const send = (input: AccountDeletion) =>
    remove.mutate(input, {
      onSuccess: ({ message }) => {
        clearCart();
        forgetSession();
        onDeleted(message);
      },
    });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (remove.isPending) return;
    remove.reset();
    checkAndSend(event, send);
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <FormField
        label={t('current_password')}
        type="password"
        autoComplete="current-password"
        hint={t('delete.password_hint')}
        {...field('current_password')}
      />
      {remove.isError ? (
        <p className="form-error" role="alert">
          {failureText(remove.error, { generic: t('generic_error') })}
        </p>
      ) : null}
      <div className="dialog-actions">
        <AlertDialog.Close className="button button-secondary">{t('delete.cancel')}</AlertDialog.Close>
        <button type="submit" className="button button-primary account-danger-confirm" disabled={remove.isPending}>
          {remove.isPending ? t('delete.deleting') : t('delete.confirm')}
        </button>
      </div>
    </form>
  );
}
