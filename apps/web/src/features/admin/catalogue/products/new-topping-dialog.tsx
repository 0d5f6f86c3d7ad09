import { Dialog } from '@base-ui/react/dialog';
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { toppingCreateRequestSchema, type AdminTopping, type AdminToppingGroup } from '@pizzeria/domain';
import { fieldIssues } from '../../forms/api-errors.ts';
import { LocalizedFields, MoneyField, SelectField } from '../../forms/fields.tsx';
import { QueryState } from '../../shell/query-state.tsx';
import { CATALOGUE_KEYS, declarationsQuery, toppingGroupsQuery } from '../queries.ts';
import { useSaveToppingDeclarations } from '../allergens/api/save-topping-declarations.ts';
import { CodeChecklist } from '../allergens/declarations-form.tsx';
import { saveGroupItems } from '../toppings/api/save-group-items.ts';
import { saveTopping } from '../toppings/api/save-topping.ts';

// A new topping's name and default price as the toppings page sends them, the group it goes into (at
// that price), and its allergens if any. A topping has no VAT rate of its own: an extra is taxed at the
// rate of the dish it is ordered with (docs/product/money.md).
const newToppingSchema = z.object({
  ...toppingCreateRequestSchema.shape,
  group_id: z.int(),
  allergen_codes: z.array(z.string()),
});
type NewTopping = z.infer<typeof newToppingSchema>;

/**
 * "Neuen Belag anlegen": a topping the kitchen did not have yet, made from the product editor and put
 * at the end of one of the product's groups, so a new extra needs no other page. Three writes (the
 * topping, its allergens, the group's list); a refusal keeps everything typed, and trying again does
 * not make the topping a second time.
 */
export function NewToppingDialog({
  groups,
  onAdded,
}: {
  groups: readonly AdminToppingGroup[];
  onAdded: (message: string) => void;
}) {
  const { t } = useTranslation('adminProducts', { keyPrefix: 'new_topping' });
  const [open, setOpen] = useState(false);
  // Held here, not in the popup: closing the dialog by mistake keeps what was typed for the next opening.
  const newTopping = useNewTopping(groups, (message) => {
    setOpen(false);
    onAdded(message);
  });
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="button button-secondary" disabled={groups.length === 0}>
        {t('open')}
      </Dialog.Trigger>
      {groups.length === 0 ? <p className="admin-hint">{t('needs_group')}</p> : null}
      <Dialog.Portal>
        <Dialog.Backdrop className="dialog-backdrop" />
        <Dialog.Popup className="dialog-popup product-topping-dialog">
          <Dialog.Title className="dialog-title">{t('title')}</Dialog.Title>
          <Dialog.Description className="admin-hint">{t('intro')}</Dialog.Description>
          <NewToppingForm groups={groups} newTopping={newTopping} />
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The dialog's form and the three writes its button makes. */
function useNewTopping(groups: readonly AdminToppingGroup[], onDone: (message: string) => void) {
  const { t } = useTranslation('adminProducts', { keyPrefix: 'new_topping' });
  const queryClient = useQueryClient();
  const declare = useSaveToppingDeclarations();
  // The topping once made: trying again after the group refused does not make it twice.
  const [made, setMade] = useState<AdminTopping | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<NewTopping>({
    resolver: zodResolver(newToppingSchema) as unknown as Resolver<NewTopping>,
    defaultValues: {
      name: { de: '', en: '' },
      price: Number.NaN,
      group_id: groups[0]?.id,
      allergen_codes: [],
    },
    mode: 'onTouched',
  });

  // The product's groups may change while the dialog is closed: the choice stays one of them.
  useEffect(() => {
    if (!groups.some((group) => group.id === form.getValues('group_id'))) {
      const first = groups[0];
      if (first) form.setValue('group_id', first.id);
    }
  }, [groups, form]);

  const create = form.handleSubmit(async (values) => {
    setError(null);
    let topping = made;
    try {
      topping ??= await saveTopping(null, { name: values.name, price: values.price }, null);
      setMade(topping);
      if (values.allergen_codes.length > 0 && topping.allergen_codes.length === 0) {
        topping = await declare(
          topping.id,
          { allergen_codes: values.allergen_codes, additive_codes: [] },
          topping.version,
        );
        setMade(topping);
      }
      // The group as it is now: adding one topping at the end keeps whatever someone else changed in it.
      const current = await queryClient.fetchQuery({ ...toppingGroupsQuery(), staleTime: 0 });
      const group = current.find((candidate) => candidate.id === values.group_id);
      if (!group) throw new Error(t('group_gone'));
      const toppingId = topping.id;
      if (!group.items.some((item) => item.topping_id === toppingId)) {
        const items = [
          ...group.items.map(({ topping_id, price }) => ({ topping_id, price })),
          { topping_id: toppingId, price: values.price },
        ];
        await saveGroupItems(group.id, items, group.version);
      }
      await Promise.all(
        [CATALOGUE_KEYS.toppingGroups, CATALOGUE_KEYS.toppings].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
      setMade(null);
      form.reset({ name: { de: '', en: '' }, price: Number.NaN, group_id: group.id, allergen_codes: [] });
      onDone(t('added', { topping: values.name.de, group: group.name.de }));
    } catch (failure) {
      const issues = fieldIssues(failure);
      for (const issue of issues) form.setError(issue.field as 'name.de', { message: issue.message });
      if (issues.length > 0) return;
      const message = failure instanceof Error ? failure.message : String(failure);
      setError(topping ? t('made_not_added', { message }) : message);
    }
  });

  return { form, create, error };
}

function NewToppingForm({
  groups,
  newTopping: { form, create, error },
}: {
  groups: readonly AdminToppingGroup[];
  newTopping: ReturnType<typeof useNewTopping>;
}) {
  const { t } = useTranslation('adminProducts', { keyPrefix: 'new_topping' });
  const lists = useQuery(declarationsQuery());
  return (
    <form
      className="admin-form product-topping-form"
      noValidate
      onSubmit={(event) => {
        // The dialog is drawn outside the groups' form, but React passes its submit up to that form.
        event.stopPropagation();
        void create(event);
      }}
    >
      <LocalizedFields form={form} name="name" label={t('name')} />
      <MoneyField form={form} name="price" label={t('price')} hint={t('price_hint')} />
      <SelectField
        form={form}
        name="group_id"
        label={t('group')}
        numeric
        choices={groups.map((group) => ({ value: group.id, label: group.name.de }))}
      />
      <p className="admin-hint">{t('vat_hint')}</p>
      {lists.data ? (
        <CodeChecklist form={form} name="allergen_codes" legend={t('allergens')} options={lists.data.allergens} />
      ) : (
        <QueryState query={lists} />
      )}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog-actions">
        <Dialog.Close className="button button-secondary">{t('cancel')}</Dialog.Close>
        <button type="submit" className="button button-primary" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('creating') : t('create')}
        </button>
      </div>
    </form>
  );
}
