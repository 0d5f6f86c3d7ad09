import './register-texts.ts';
import './toppings.css';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminToppingGroup } from '@pizzeria/domain';
import { Labelled } from '../../forms/labelled.tsx';
import { GroupFactLines, groupOptionLabel, useGroupFacts } from './group-facts.tsx';

/**
 * A group a product does not offer yet, chosen from a native select (the phone's own picker) whose
 * options say what each group contains and what uses it; the chosen one's facts stand under it too.
 * `productId` leaves that product out of "also on".
 */
export function AddGroup({
  choices,
  onAdd,
  productId,
}: {
  choices: readonly AdminToppingGroup[];
  onAdd: (group: AdminToppingGroup) => void;
  productId?: number;
}) {
  const { t } = useTranslation('adminToppings');
  const id = useId();
  const factsOf = useGroupFacts(productId);
  const [chosen, setChosen] = useState('');
  if (choices.length === 0) return <p className="admin-muted">{t('products.all_added')}</p>;
  const group = choices.find((choice) => String(choice.id) === chosen);
  return (
    <div className="toppings-add">
      <Labelled id={id} label={t('products.add_label')}>
        <select
          id={id}
          className="input"
          value={chosen}
          aria-describedby={group ? `${id}-facts` : undefined}
          onChange={(event) => setChosen(event.target.value)}
        >
          <option value="">{t('products.add_placeholder')}</option>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {groupOptionLabel(choice.name.de, factsOf(choice))}
            </option>
          ))}
        </select>
        {group ? (
          <p id={`${id}-facts`} className="admin-hint">
            <GroupFactLines facts={factsOf(group)} />
          </p>
        ) : null}
      </Labelled>
      <button
        type="button"
        className="button button-secondary"
        disabled={!group}
        onClick={() => {
          if (!group) return;
          onAdd(group);
          setChosen('');
        }}
      >
        {t('products.add')}
      </button>
    </div>
  );
}
