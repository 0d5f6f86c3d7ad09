import { withoutVersion } from '../forms/without-version.ts';
import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import {
  ORDERS_PER_SLOT_MAX,
  ORDERS_PER_SLOT_MIN,
  PREORDER_DAYS_MAX,
  PREORDER_DAYS_MIN,
  PREPARATION_MINUTES_MAX,
  PREPARATION_MINUTES_MIN,
  REGIONS,
  regionCodeSchema,
  storeSettingsRequestSchema,
  storeSettingsSchema,
  type StoreSettings,
} from '@pizzeria/domain';
import { EditorFooter } from '../forms/editor-footer.tsx';
import { Field, MoneyField, NumberField, SelectField } from '../forms/fields.tsx';
import { useEditor } from '../forms/use-editor.ts';
import { STORE_SETTINGS_KEY, saveStoreSettings } from './api/store-settings.ts';
import type { StoreVersion } from './use-store-version.ts';

const valuesSchema = withoutVersion(storeSettingsRequestSchema);
type Values = z.infer<typeof valuesSchema>;

function toValues({ store_hours: _hours, version: _version, ...values }: StoreSettings): Values {
  return values;
}

/**
 * Europe/Berlin first (nearly every shop), then every zone the browser knows. The saved zone is always a
 * choice, even one this browser does not list (`UTC` in some), so saving never changes it unasked.
 */
function useTimeZones(saved: string) {
  return useMemo(() => {
    const zones = new Set(['Europe/Berlin', saved, ...Intl.supportedValuesOf('timeZone')]);
    return [...zones].map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
  }, [saved]);
}

/** The restaurant's details, legal notice, time zone, region and kitchen limits: one form, one save. */
export function RestaurantForm({ settings, storeVersion }: { settings: StoreSettings; storeVersion: StoreVersion }) {
  const { t } = useTranslation('adminSettings');
  const timeZones = useTimeZones(settings.timezone);
  const queryClient = useQueryClient();
  const editor = useEditor<Values, StoreSettings>({
    schema: valuesSchema,
    row: settings,
    toValues,
    empty: toValues(settings),
    rowSchema: storeSettingsSchema,
    save: (values, version) => saveStoreSettings({ ...values, version: storeVersion.latest(version) }),
    onSaved: (saved) => {
      storeVersion.saved(saved.version);
      queryClient.setQueryData(STORE_SETTINGS_KEY, saved);
    },
  });
  const form = editor.form;
  const regions = regionCodeSchema.options.map((code) => ({
    value: code,
    label: t(`regions.${code}`, { currency: REGIONS[code].currency }),
  }));

  return (
    <section className="card settings-section" aria-labelledby="settings-restaurant">
      <h2 id="settings-restaurant">{t('restaurant.heading')}</h2>
      <form className="admin-form" noValidate onSubmit={editor.submit}>
        <div className="settings-grid">
          <Field form={form} name="name" label={t('restaurant.name')} autoComplete="organization" />
          <Field form={form} name="address" label={t('restaurant.address')} autoComplete="street-address" />
          <Field form={form} name="phone" label={t('restaurant.phone')} type="tel" autoComplete="tel" />
          <Field form={form} name="email" label={t('restaurant.email')} type="email" autoComplete="email" />
        </div>
        <fieldset className="settings-fieldset">
          <legend>{t('restaurant.legal_heading')}</legend>
          <p className="admin-hint">{t('restaurant.legal_hint')}</p>
          <div className="settings-grid">
            <Field form={form} name="legal_name" label={t('restaurant.legal_name')} autoComplete="off" />
            <Field
              form={form}
              name="legal_representative"
              label={t('restaurant.legal_representative')}
              autoComplete="off"
            />
            <Field form={form} name="trade_register" label={t('restaurant.trade_register')} autoComplete="off" />
            <Field form={form} name="vat_id" label={t('restaurant.vat_id')} autoComplete="off" />
          </div>
        </fieldset>
        <fieldset className="settings-fieldset">
          <legend>{t('restaurant.place_heading')}</legend>
          <div className="settings-grid">
            <SelectField form={form} name="timezone" label={t('restaurant.timezone')} choices={timeZones} />
            <SelectField form={form} name="region" label={t('restaurant.region')} choices={regions} />
          </div>
        </fieldset>
        <fieldset className="settings-fieldset">
          <legend>{t('restaurant.kitchen_heading')}</legend>
          <div className="settings-grid">
            <NumberField
              form={form}
              name="preparation_minutes"
              label={t('restaurant.preparation_minutes')}
              min={PREPARATION_MINUTES_MIN}
              max={PREPARATION_MINUTES_MAX}
            />
            <NumberField
              form={form}
              name="orders_per_slot"
              label={t('restaurant.orders_per_slot')}
              min={ORDERS_PER_SLOT_MIN}
              max={ORDERS_PER_SLOT_MAX}
            />
            <NumberField
              form={form}
              name="preorder_days"
              label={t('restaurant.preorder_days')}
              hint={t('restaurant.preorder_days_hint')}
              min={PREORDER_DAYS_MIN}
              max={PREORDER_DAYS_MAX}
            />
            <MoneyField
              form={form}
              name="max_order_total"
              label={t('restaurant.max_order_total')}
              hint={t('restaurant.max_order_total_hint')}
            />
          </div>
        </fieldset>
        <EditorFooter editor={editor} />
      </form>
    </section>
  );
}
