import { Dialog } from '@base-ui/react/dialog';
import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { adminVoucherSchema, voucherCreateSchema, type AdminVoucher, type VoucherCreate } from '@pizzeria/domain';
import { EditorFooter } from '../forms/editor-footer.tsx';
import { CheckboxField, Field, MoneyField, PercentField, SelectField } from '../forms/fields.tsx';
import { confirmLeave } from '../forms/unsaved-changes.ts';
import { useEditor } from '../forms/use-editor.ts';
import { VOUCHERS_KEY, createVoucher, updateVoucher, voucherValues } from './api/vouchers.ts';

const EMPTY: VoucherCreate = {
  code: '',
  kind: 'percentage',
  percentage: 10,
  amount: null,
  minimum_order_amount: 0,
  valid_from: null,
  valid_to: null,
  order_types: 'both',
  max_uses: null,
  max_uses_per_customer: 1,
  first_order_only: false,
  active: true,
};

/** An empty input is "no bound" (null); anything else is the schema's to judge. */
const emptyIsNull = { setValueAs: (value: unknown) => (value === '' || value === null ? null : value) };
const countOrNull = {
  setValueAs: (value: unknown) => (value === '' || value === null ? null : Number(value)),
};

/**
 * "Neuer Gutschein" or one being edited, in a dialog: checked as people type with the domain's schema
 * (each error under its field), a taken code beside the code, a version conflict as every back-office
 * form shows it. Closing with unsaved changes asks first.
 */
export function VoucherDialog({
  voucher,
  onSaved,
  onClose,
}: {
  /** The voucher to edit; null for a new one. */
  voucher: AdminVoucher | null;
  onSaved: (voucher: AdminVoucher, created: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminVouchers');
  const queryClient = useQueryClient();
  const editor = useEditor<VoucherCreate, AdminVoucher>({
    schema: voucherCreateSchema,
    row: voucher,
    toValues: voucherValues,
    empty: EMPTY,
    rowSchema: adminVoucherSchema,
    save: (values, version) =>
      voucher && version !== null ? updateVoucher(voucher.id, { ...values, version }) : createVoucher(values),
    onSaved: (saved) => {
      void queryClient.invalidateQueries({ queryKey: VOUCHERS_KEY });
      onSaved(saved, voucher === null);
    },
    fieldForCode: { voucher_code_taken: 'code', voucher_uses_above_max: 'max_uses' },
  });
  const form = editor.form;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const popup = useRef<HTMLDivElement>(null);

  const chooseKind = (next: VoucherCreate['kind']) => {
    // The other kind's figure goes: the schema wants exactly one of the two.
    if (next === 'percentage') {
      form.setValue('amount', null, { shouldDirty: true });
      if (form.getValues('percentage') === null) form.setValue('percentage', Number.NaN, { shouldDirty: true });
    } else {
      form.setValue('percentage', null, { shouldDirty: true });
      if (form.getValues('amount') === null) form.setValue('amount', Number.NaN, { shouldDirty: true });
    }
    form.clearErrors(['percentage', 'amount', 'kind']);
  };
  // One registration for both radios: options given per radio would replace each other.
  const kindField = form.register('kind', {
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => chooseKind(event.target.value as VoucherCreate['kind']),
  });

  return (
    <Dialog.Root
      open
      onOpenChange={(next) => {
        if (!next && confirmLeave()) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Backdrop className="dialog-backdrop" />
        {/* The dialog itself takes the focus, not the code: leaving an empty code would say it is
            missing and move the form under the finger that taps the next field. */}
        <Dialog.Popup className="dialog-popup voucher-dialog" initialFocus={popup} ref={popup}>
          <Dialog.Title className="dialog-title">
            {voucher ? t('dialog.edit_title', { code: voucher.code }) : t('dialog.new_title')}
          </Dialog.Title>
          <Dialog.Description className="admin-hint">{t('dialog.intro')}</Dialog.Description>
          <form className="admin-form" noValidate onSubmit={editor.submit}>
            <Field
              form={form}
              name="code"
              label={t('code')}
              hint={t('dialog.code_hint')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={32}
            />
            <fieldset className="voucher-kind">
              <legend className="field-label">{t('dialog.kind')}</legend>
              {(['percentage', 'amount'] as const).map((option) => (
                <label key={option} className="voucher-kind-choice">
                  <input type="radio" value={option} {...kindField} />
                  <span>{t(option === 'percentage' ? 'dialog.percentage_kind' : 'dialog.amount_kind')}</span>
                </label>
              ))}
              {form.formState.errors.kind?.message ? (
                <p className="form-error">{form.formState.errors.kind.message}</p>
              ) : null}
            </fieldset>
            <div className="settings-grid">
              {kind === 'percentage' ? (
                <PercentField key="percentage" form={form} name="percentage" label={t('dialog.percentage')} />
              ) : (
                <MoneyField key="amount" form={form} name="amount" label={t('dialog.amount')} />
              )}
              <MoneyField
                form={form}
                name="minimum_order_amount"
                label={t('dialog.minimum_order_amount')}
                hint={t('dialog.minimum_hint')}
              />
              <Field form={form} name="valid_from" label={t('dialog.valid_from')} type="date" options={emptyIsNull} />
              <Field
                form={form}
                name="valid_to"
                label={t('dialog.valid_to')}
                type="date"
                hint={t('dialog.dates_hint')}
                options={emptyIsNull}
              />
              <SelectField
                form={form}
                name="order_types"
                label={t('dialog.order_types')}
                choices={(['both', 'delivery', 'pickup'] as const).map((value) => ({
                  value,
                  label: t(`dialog.${value}`),
                }))}
              />
              <Field
                form={form}
                name="max_uses"
                label={t('dialog.max_uses')}
                hint={t('dialog.unlimited_hint')}
                type="number"
                inputMode="numeric"
                min={1}
                options={countOrNull}
              />
              <Field
                form={form}
                name="max_uses_per_customer"
                label={t('dialog.max_uses_per_customer')}
                hint={t('dialog.per_customer_hint')}
                type="number"
                inputMode="numeric"
                min={1}
                options={countOrNull}
              />
            </div>
            <CheckboxField form={form} name="first_order_only" label={t('dialog.first_order_only')} />
            <CheckboxField form={form} name="active" label={t('dialog.active')} />
            <div className="settings-form-end">
              <EditorFooter editor={editor} label={voucher ? undefined : t('dialog.create')} />
              <button type="button" className="button button-secondary" onClick={() => confirmLeave() && onClose()}>
                {t('dialog.cancel')}
              </button>
            </div>
          </form>
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
