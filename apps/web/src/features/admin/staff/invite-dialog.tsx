import { Dialog } from '@base-ui/react/dialog';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { staffInviteSchema, type StaffInvite } from '@pizzeria/domain';
import { AdminApiError, fieldIssues } from '../forms/api-errors.ts';
import { Field } from '../forms/fields.tsx';
import { useInviteStaff } from './api/invite-staff.ts';
import { RoleChoice } from './role-choice.tsx';

const EMPTY: StaffInvite = { name: '', email: '', role: 'kitchen' };

/**
 * "Person einladen": name, e-mail and role, checked as people type with the domain's schema; the
 * server's refusals beside their field (an address that already has an account at the e-mail), anything
 * else above the button. What was typed stays when the server refuses.
 */
export function InviteDialog({ onInvited }: { onInvited: (message: string) => void }) {
  const { t } = useTranslation('adminStaff');
  const [open, setOpen] = useState(false);
  const invite = useInviteStaff();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<StaffInvite>({
    resolver: zodResolver(staffInviteSchema) as unknown as Resolver<StaffInvite>,
    defaultValues: EMPTY,
    mode: 'onTouched',
  });

  const send = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const sent = await invite.mutateAsync(values);
      form.reset(EMPTY);
      setOpen(false);
      onInvited(t('invite.sent', { email: sent.email }));
    } catch (failure) {
      if (failure instanceof AdminApiError && failure.code === 'email_taken') {
        form.setError('email', { message: failure.message }, { shouldFocus: true });
        return;
      }
      const issues = fieldIssues(failure);
      for (const issue of issues) form.setError(issue.field as keyof StaffInvite, { message: issue.message });
      if (issues.length > 0) return;
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
    >
      <Dialog.Trigger className="button button-primary">{t('invite.open')}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Backdrop className="dialog-backdrop" />
        <Dialog.Popup className="dialog-popup staff-invite-dialog">
          <Dialog.Title className="dialog-title">{t('invite.title')}</Dialog.Title>
          <Dialog.Description className="admin-hint">{t('invite.intro')}</Dialog.Description>
          <form className="admin-form" noValidate onSubmit={(event) => void send(event)}>
            <Field form={form} name="name" label={t('invite.name')} autoComplete="off" />
            <Field form={form} name="email" label={t('invite.email')} type="email" autoComplete="off" />
            <RoleChoice
              legend={t('invite.role')}
              name="role"
              error={form.formState.errors.role?.message}
              inputProps={(role) => ({ ...form.register('role'), value: role })}
            />
            {error ? (
              <p className="form-error" role="alert">
                {error}
              </p>
            ) : null}
            <div className="dialog-actions">
              <Dialog.Close className="button button-secondary">{t('invite.cancel')}</Dialog.Close>
              <button type="submit" className="button button-primary" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? t('invite.sending') : t('invite.send')}
              </button>
            </div>
          </form>
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
