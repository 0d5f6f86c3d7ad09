import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  adminTaxRateSchema,
  taxRateCreateRequestSchema,
  type AdminTaxRate,
  type TaxRateCreateRequest,
} from '@pizzeria/domain';
import { EditorFooter } from '../../forms/editor-footer.tsx';
import { Field } from '../../forms/fields.tsx';
import { useEditor } from '../../forms/use-editor.ts';
import { useCreateTaxRate } from './api/create-tax-rate.ts';
import { useUpdateTaxRate } from './api/update-tax-rate.ts';
import { PercentField } from '../../forms/fields.tsx';

// A new rate starts empty: no percentage is a safe guess (NaN until typed, which the schema refuses).
const EMPTY: TaxRateCreateRequest = { name: '', percentage: Number.NaN };

/** A VAT rate's name and percentage: a new one (`rate` null) or an existing one, saved over its version. */
export function TaxRateForm({
  id,
  rate,
  title,
  onSaved,
  onClose,
}: {
  id?: string;
  rate: AdminTaxRate | null;
  title: string;
  onSaved?: (rate: AdminTaxRate) => void;
  onClose?: () => void;
}) {
  const { t } = useTranslation('adminTax');
  const { t: tForms } = useTranslation('adminForms');
  const create = useCreateTaxRate();
  const update = useUpdateTaxRate();
  const editor = useEditor<TaxRateCreateRequest, AdminTaxRate>({
    schema: taxRateCreateRequestSchema,
    row: rate,
    toValues: (current) => ({ name: current.name, percentage: current.percentage }),
    empty: EMPTY,
    rowSchema: adminTaxRateSchema,
    save: (values, version) => (rate ? update(rate.id, values, version) : create(values)),
    onSaved,
    fieldForCode: { tax_rate_name_taken: 'name' },
  });
  // An edit form opened from its row takes the focus; the "add" form waits for the person.
  const { setFocus } = editor.form;
  const opened = rate !== null;
  useEffect(() => {
    if (opened) setFocus('name');
  }, [opened, setFocus]);
  const close = () => {
    if (editor.form.formState.isDirty && !window.confirm(tForms('unsaved'))) return;
    onClose?.();
  };
  return (
    <form id={id} className="admin-form tax-form" aria-label={title} noValidate onSubmit={editor.submit}>
      <div className="tax-form-fields">
        <Field form={editor.form} name="name" label={t('name')} hint={t('name_hint')} autoComplete="off" />
        <PercentField form={editor.form} name="percentage" label={t('percentage')} hint={t('percentage_hint')} />
      </div>
      {rate ? <p className="tax-note">{t('new_orders_only')}</p> : null}
      <EditorFooter editor={editor} label={rate ? undefined : t('add')} />
      {onClose ? (
        <button type="button" className="button button-secondary" onClick={close}>
          {t('close')}
        </button>
      ) : null}
    </form>
  );
}
