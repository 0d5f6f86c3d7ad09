import './register-texts.ts';
import './toppings.css';
import { useTranslation } from 'react-i18next';
import type { AdminProduct, AdminToppingGroup } from '@pizzeria/domain';
import { SortableList } from '../../forms/sortable-list.tsx';
import { AddGroup } from './add-group.tsx';
import { GroupFactLines, useGroupFacts } from './group-facts.tsx';

/**
 * The topping groups one product offers, in order, each saying how many to choose, what it contains and
 * which other products offer it; groups are added, reordered and removed here. Used by the product-groups
 * page and the product editor, which each save the chosen ids their own way.
 */
export function ProductGroupPicker({
  product,
  groups,
  groupIds,
  onChange,
}: {
  product: Pick<AdminProduct, 'id' | 'name'>;
  groups: readonly AdminToppingGroup[];
  groupIds: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation('adminToppings');
  const factsOf = useGroupFacts(product.id);
  const byId = new Map(groups.map((group) => [group.id, group]));
  const nameOf = (id: number) => byId.get(id)?.name.de ?? t('products.unknown', { id });

  return (
    <>
      {groupIds.length === 0 ? (
        <p className="admin-muted">{t('products.empty')}</p>
      ) : (
        <SortableList
          label={t('products.list', { name: product.name.de })}
          items={groupIds.map((id) => ({ id, label: nameOf(id) }))}
          onReorder={onChange}
          renderItem={(item) => {
            const group = byId.get(item.id);
            return (
              <div className="toppings-item">
                <span className="toppings-item-name">
                  {item.label}
                  {item.id === groupIds[0] ? <span className="toppings-first">{t('products.first')}</span> : null}
                  {group ? (
                    <span className="toppings-item-detail">
                      {t('products.summary', {
                        choice: t('groups.choose_range', { min: group.min_select, max: group.max_select }),
                        count: group.items.length,
                      })}
                    </span>
                  ) : null}
                  {group ? <GroupFactLines facts={factsOf(group)} /> : null}
                </span>
                <button
                  type="button"
                  className="button button-secondary"
                  aria-label={t('products.remove_named', { name: item.label })}
                  onClick={() => onChange(groupIds.filter((id) => id !== item.id))}
                >
                  {t('products.remove')}
                </button>
              </div>
            );
          }}
        />
      )}
      <AddGroup
        choices={groups.filter((group) => !groupIds.includes(group.id))}
        onAdd={(group) => onChange([...groupIds, group.id])}
        productId={product.id}
      />
    </>
  );
}
