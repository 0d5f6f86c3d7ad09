import { withoutVersion } from '../forms/without-version.ts';
import './register-texts.ts';
import './settings.css';
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { adminDiscountSchema, discountRequestSchema, type AdminDiscount } from '@pizzeria/domain';
import { EditorFooter } from '../forms/editor-footer.tsx';
import { useEditor } from '../forms/use-editor.ts';
import { QueryState } from '../shell/query-state.tsx';
import { AdminPage } from '../forms/list-editor-page.tsx';
import { useAdminTitle } from '../shell/use-admin-title.ts';
import { DISCOUNTS_KEY, discountsQuery, saveDiscount } from './api/discounts.ts';
import { PercentField } from '../forms/fields.tsx';

const valuesSchema = withoutVersion(discountRequestSchema);
type Values = z.infer<typeof valuesSchema>;

/** The subtotal the example sentence works with, so staff see what a percentage means in euros. */
const EXAMPLE_SUBTOTAL = 20;

/** `/disscount`: the delivery and the pickup discount, each its own form saved with its own version. */
export function DiscountPage() {
  const { t } = useTranslation('admin');
  const { t: tSettings } = useTranslation('adminSettings');
  useAdminTitle(t('pages.discount'));
  const discounts = useQuery(discountsQuery());
  const ordered = discounts.data
    ? (['DELIVERY_DISCOUNT', 'PICKUP_DISCOUNT'] as const).flatMap((code) =>
        discounts.data.filter((discount) => discount.code === code),
      )
    : undefined;

  return (
    <AdminPage title={t('pages.discount')} intro={tSettings('discount.intro')}>
      {ordered ? (
        <div className="settings-discounts">
          {ordered.map((discount) => (
            <DiscountForm key={discount.code} discount={discount} />
          ))}
        </div>
      ) : (
        <QueryState query={discounts} />
      )}
    </AdminPage>
  );
}

function DiscountForm({ discount }: { discount: AdminDiscount }) {
  const { t, i18n } = useTranslation('adminSettings');
  const queryClient = useQueryClient();
  const editor = useEditor<Values, AdminDiscount>({
    schema: valuesSchema,
    row: discount,
    toValues: (row) => ({ value: row.value }),
    empty: { value: 0 },
    rowSchema: adminDiscountSchema,
    save: (values, version) => saveDiscount(discount.code, { value: values.value, version: version ?? 0 }),
    onSaved: (saved) =>
      queryClient.setQueryData<AdminDiscount[]>(DISCOUNTS_KEY, (list) =>
        list?.map((row) => (row.code === saved.code ? saved : row)),
      ),
  });
  const value = useWatch({ control: editor.form.control, name: 'value' });
  const name = t(`discount.${discount.code}`);
  const headingId = `discount-${discount.code}`;
  // Only a possible discount (0–100 %, the schema the server checks too) gets an example in euros.
  const possible = valuesSchema.shape.value.safeParse(value).success;
  const impossible = Number.isFinite(value) && !possible;
  const { trigger } = editor.form;
  // A number out of range (150 %) says so while it is typed, where the example would have described it.
  useEffect(() => {
    if (impossible) void trigger('value');
  }, [impossible, trigger]);
  const amount = possible
    ? new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'de-DE', { style: 'currency', currency: 'EUR' }).format(
        Math.round(EXAMPLE_SUBTOTAL * value) / 100,
      )
    : null;

  return (
    <section className="card settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{name}</h2>
      <form className="admin-form" noValidate onSubmit={editor.submit}>
        <PercentField
          form={editor.form}
          name="value"
          label={t('discount.value')}
          hint={amount ? t('discount.example', { amount }) : undefined}
        />
        <EditorFooter editor={editor} label={t('discount.save_named', { name })} />
      </form>
    </section>
  );
}
