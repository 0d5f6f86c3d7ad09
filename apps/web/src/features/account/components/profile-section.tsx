import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatPhone,
  PHONE_INPUT_MAX_LENGTH,
  profileUpdateSchema,
  type ProfileUpdate,
  type User,
} from '@pizzeria/domain';
import { FormField, SubmitRow, useAccountForm } from '../../auth/ui.ts';
import { failureText } from '../../auth/index.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { DoneNotice } from './notice.tsx';

/** "Persönliche Daten": name and phone, checked with the API's own schema; an empty phone clears it. */
export function ProfileSection({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const update = useUpdateProfile();
  const { field, checkAndSend } = useAccountForm(profileUpdateSchema, {
    customer_name: user.customer_name,
    phone: user.phone ? formatPhone(user.phone) : '',
  });

  const send = (input: ProfileUpdate) =>
    update.mutate({ customer_name: input.customer_name, phone: input.phone || null });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    update.reset();
    checkAndSend(event, send);
  };

  return (
    <section className="card checkout-section" aria-labelledby="account-profile-title">
      <h2 id="account-profile-title">{t('profile.title')}</h2>
      <form className="auth-form" onSubmit={submit} noValidate>
        <FormField label={t('profile.name')} autoComplete="name" maxLength={100} {...field('customer_name')} />
        <FormField
          label={t('profile.phone')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={PHONE_INPUT_MAX_LENGTH}
          hint={t('profile.phone_hint')}
          {...field('phone')}
        />
        {update.isSuccess && <DoneNotice>{t('profile.saved')}</DoneNotice>}
        <SubmitRow
          error={update.isError ? failureText(update.error, { generic: t('generic_error') }) : null}
          pending={update.isPending}
          label={t('profile.save')}
          pendingLabel={t('profile.saving')}
        />
      </form>
    </section>
  );
}
