import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DELIVERY_TIME_MAX,
  deliveryAreaCreateSchema,
  deliveryAreaSchema,
  type DeliveryArea,
  type DeliveryAreaCreate,
} from '@pizzeria/domain';
import { EditorFooter } from '../forms/editor-footer.tsx';
import { CheckboxField, Field, MoneyField, NumberField } from '../forms/fields.tsx';
import { confirmLeave } from '../forms/unsaved-changes.ts';
import { useEditor } from '../forms/use-editor.ts';
import { DELIVERY_AREAS_KEY, createDeliveryArea, updateDeliveryArea } from './api/delivery-areas.ts';

const EMPTY: DeliveryAreaCreate = {
  postcode: '',
  city: '',
  delivery_fee: 0,
  minimum_order_amount: 0,
  delivery_time: 45,
  hidden: false,
};

function toValues({ id: _id, version: _version, ...values }: DeliveryArea): DeliveryAreaCreate {
  return values;
}

/** A new delivery area, or one being edited; closes itself once saved. */
export function DeliveryAreaForm({
  area,
  onSaved,
  onCancel,
}: {
  area: DeliveryArea | null;
  onSaved: (area: DeliveryArea) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('adminSettings');
  const queryClient = useQueryClient();
  const editor = useEditor<DeliveryAreaCreate, DeliveryArea>({
    schema: deliveryAreaCreateSchema,
    row: area,
    toValues,
    empty: EMPTY,
    rowSchema: deliveryAreaSchema,
    save: (values, version) =>
      area && version !== null ? updateDeliveryArea(area.id, { ...values, version }) : createDeliveryArea(values),
    onSaved: (saved) => {
      void queryClient.invalidateQueries({ queryKey: DELIVERY_AREAS_KEY });
      onSaved(saved);
    },
    // The server knows the postcodes already taken and the region's postcode shape.
    fieldForCode: { postcode_taken: 'postcode', invalid_postcode: 'postcode' },
  });
  const form = editor.form;
  const heading = area ? t('areas.edit_heading', { postcode: area.postcode, city: area.city }) : t('areas.new_heading');

  return (
    <section className="card settings-section" aria-labelledby="delivery-area-form">
      <h2 id="delivery-area-form">{heading}</h2>
      <form className="admin-form" noValidate onSubmit={editor.submit}>
        <div className="settings-grid">
          <Field form={form} name="postcode" label={t('areas.postcode')} inputMode="numeric" autoComplete="off" />
          <Field form={form} name="city" label={t('areas.city')} autoComplete="off" />
          <MoneyField form={form} name="delivery_fee" label={t('areas.delivery_fee')} />
          <MoneyField form={form} name="minimum_order_amount" label={t('areas.minimum_order_amount')} />
          <NumberField
            form={form}
            name="delivery_time"
            label={t('areas.delivery_time')}
            min={1}
            max={DELIVERY_TIME_MAX}
          />
        </div>
        <CheckboxField form={form} name="hidden" label={t('areas.hidden')} />
        <div className="settings-form-end">
          <EditorFooter editor={editor} label={area ? undefined : t('areas.create')} />
          <button type="button" className="button button-secondary" onClick={() => confirmLeave() && onCancel()}>
            {t('areas.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
