import { withoutVersion } from '../../forms/without-version.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  adminProductSchema,
  adminToppingSchema,
  declarationsRequestSchema,
  toppingDeclarationsRequestSchema,
} from '@pizzeria/domain';
import { QueryState } from '../../shell/query-state.tsx';
import { productQuery, toppingsQuery } from '../queries.ts';
import { useSaveProductDeclarations } from './api/save-product-declarations.ts';
import { useSaveToppingDeclarations } from './api/save-topping-declarations.ts';
import { DeclarationsForm } from './declarations-form.tsx';
import { useLocalized } from './use-localized.ts';

const productCodesSchema = withoutVersion(declarationsRequestSchema);
const toppingCodesSchema = withoutVersion(toppingDeclarationsRequestSchema);

/** A product's declarations, read with its version (the save sends it back). */
export function ProductDeclarations({ productId }: { productId: number }) {
  const { t } = useTranslation('adminDeclarations', { keyPrefix: 'assign' });
  const localized = useLocalized();
  const product = useQuery(productQuery(productId));
  const save = useSaveProductDeclarations();
  if (!product.data) return <QueryState query={product} />;
  return (
    <DeclarationsForm
      title={t('editing', { name: localized(product.data.name) })}
      row={product.data}
      schema={productCodesSchema}
      rowSchema={adminProductSchema}
      save={(codes, version) => save(productId, codes, version)}
    />
  );
}

/** A topping's declarations: the toppings' list carries them with each topping's version. */
export function ToppingDeclarations({ toppingId }: { toppingId: number }) {
  const { t } = useTranslation('adminDeclarations', { keyPrefix: 'assign' });
  const localized = useLocalized();
  const toppings = useQuery(toppingsQuery());
  const save = useSaveToppingDeclarations();
  if (!toppings.data) return <QueryState query={toppings} />;
  const topping = toppings.data.find((candidate) => candidate.id === toppingId);
  if (!topping) return <p className="admin-muted">{t('not_found')}</p>;
  return (
    <DeclarationsForm
      title={t('editing', { name: localized(topping.name) })}
      row={topping}
      schema={toppingCodesSchema}
      rowSchema={adminToppingSchema}
      save={(codes, version) => save(toppingId, codes, version)}
    />
  );
}
