import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../shell/query-state.tsx';
import { productPageQuery, productQuery, toppingsQuery } from '../queries.ts';
import { useLocalized } from './use-localized.ts';
import { Labelled } from '../../forms/labelled.tsx';

/** The longest list one search shows; the search narrows a longer menu down. */
const PAGE_SIZE = 100;

/** Waits until typing pauses, so a search is one request, not one per letter. */
function useSettled(value: string, delayMs = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

interface PickerProps {
  selectedId: number | null;
  onChoose: (id: number | null) => void;
}

/** A search over the products' names and a native select of what it found (the phone's own picker). */
export function ProductPicker({ selectedId, onChoose }: PickerProps) {
  const { t } = useTranslation('adminDeclarations', { keyPrefix: 'assign' });
  const localized = useLocalized();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const page = useQuery(productPageQuery({ search: useSettled(search.trim()), page_size: PAGE_SIZE }));
  // The chosen product stays an option while a search no longer finds it.
  const selected = useQuery({ ...productQuery(selectedId ?? 0), enabled: selectedId !== null });
  const items = page.data?.items ?? [];
  const missing = selected.data && !items.some((item) => item.id === selected.data.id) ? selected.data : null;
  return (
    <>
      <Labelled id={searchId} label={t('search')}>
        <input
          id={searchId}
          className="input"
          type="search"
          autoComplete="off"
          aria-describedby={`${searchId}-hint`}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <p id={`${searchId}-hint`} className="admin-hint">
          {t('search_hint')}
        </p>
      </Labelled>
      {!page.data ? (
        <QueryState query={page} />
      ) : (
        <ItemSelect
          label={t('choose_product')}
          selectedId={selectedId}
          onChoose={onChoose}
          choices={[...(missing ? [missing] : []), ...items].map((item) => ({
            id: item.id,
            label: localized(item.name),
          }))}
          note={
            items.length === 0
              ? t('no_products')
              : page.data.total > items.length
                ? t('more_products', { shown: items.length, total: page.data.total })
                : undefined
          }
        />
      )}
    </>
  );
}

export function ToppingPicker({ selectedId, onChoose }: PickerProps) {
  const { t } = useTranslation('adminDeclarations', { keyPrefix: 'assign' });
  const localized = useLocalized();
  const toppings = useQuery(toppingsQuery());
  if (!toppings.data) return <QueryState query={toppings} />;
  return (
    <ItemSelect
      label={t('choose_topping')}
      selectedId={selectedId}
      onChoose={onChoose}
      choices={toppings.data.map((topping) => ({ id: topping.id, label: localized(topping.name) }))}
      note={toppings.data.length === 0 ? t('no_toppings') : undefined}
    />
  );
}

function ItemSelect({
  label,
  selectedId,
  onChoose,
  choices,
  note,
}: PickerProps & { label: string; choices: readonly { id: number; label: string }[]; note?: string }) {
  const { t } = useTranslation('adminDeclarations', { keyPrefix: 'assign' });
  const id = useId();
  return (
    <Labelled id={id} label={label}>
      <select
        id={id}
        className="input"
        aria-describedby={note ? `${id}-note` : undefined}
        value={selectedId ?? ''}
        onChange={(event) => onChoose(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">{t('choose')}</option>
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.label}
          </option>
        ))}
      </select>
      {note ? (
        <p id={`${id}-note`} className="admin-hint">
          {note}
        </p>
      ) : null}
    </Labelled>
  );
}
