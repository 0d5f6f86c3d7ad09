import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminToppingGroup, LocalizedText } from '@pizzeria/domain';
import { groupUsageQuery } from './api/group-usage.ts';

/** How many names a line lists before "and 4 more": enough to recognise a group, short enough for a phone. */
const SHOWN = 3;

/**
 * What tells topping groups apart where they share a name (the demo's three "Extra Beläge"): a few of
 * the toppings each offers and the products that offer it. `except` leaves the product being edited
 * out of "also on".
 */
export function useGroupFacts(except?: number) {
  const { t, i18n } = useTranslation('adminToppings', { keyPrefix: 'facts' });
  const usage = useQuery(groupUsageQuery());
  const localized = (text: LocalizedText) => (i18n.language === 'en' && text.en ? text.en : text.de);
  const list = (names: readonly string[]) =>
    names.length > SHOWN
      ? t('more', { list: names.slice(0, SHOWN).join(', '), count: names.length - SHOWN })
      : names.join(', ');
  return (group: AdminToppingGroup) => {
    const toppings = group.items.map((item) => localized(item.name));
    const users = (usage.data?.find((entry) => entry.group_id === group.id)?.products ?? [])
      .filter((product) => product.id !== except)
      .map((product) => localized(product.name));
    return {
      toppings: toppings.length > 0 ? t('contains', { list: list(toppings) }) : t('contains_none'),
      users: !usage.data
        ? ''
        : users.length > 0
          ? t(except === undefined ? 'used_by' : 'also_used_by', { list: list(users) })
          : t(except === undefined ? 'used_by_none' : 'only_here'),
    };
  };
}

export type GroupFacts = ReturnType<ReturnType<typeof useGroupFacts>>;

/** A group's name as a native select's option: the name, then what tells it apart. */
export function groupOptionLabel(name: string, facts: GroupFacts): string {
  return [name, facts.toppings, facts.users].filter(Boolean).join(' · ');
}

/** The two lines under a group in a list: what it contains and what else offers it. */
export function GroupFactLines({ facts }: { facts: GroupFacts }) {
  return (
    <span className="toppings-facts">
      <span>{facts.toppings}</span>
      {facts.users ? <span>{facts.users}</span> : null}
    </span>
  );
}
