import { toCents } from '@pizzeria/domain';
import { useMoney } from '../../../../lib/use-money.ts';

/** The admin API's decimal euros (8.5) as the page's language writes them ("8,50 €"). */
export function useEuros(): (euros: number) => string {
  const money = useMoney();
  return (euros) => money(toCents(euros));
}
