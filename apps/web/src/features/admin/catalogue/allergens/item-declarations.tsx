import { withoutVersion } from '../../forms/without-version.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  adminProductSchema,
  type AdminProduct,
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

/**
 * A product's declarations, read with its version (the save sends it back). On the product editor,
 * beside other forms of the same product, `sendVersion` gives the newest version the page itself saved
 * and `onSaved` tells it the version this save raised, so no form of the page conflicts with another.
 */
export function ProductDeclarations({
  productId,
  title,
  saveLabel,
  sendVersion = (version) => version,
  onSaved,
}: {
  productId: number;
  title?: string;
  saveLabel?: string;
  sendVersion?: (version: number) => number;
  onSaved?: (sentVersion: number | null, saved: AdminProduct) => void;
}) {
  const { t } = useTranslation('adminDeclarations', { keyPrefix: 'assign' });
  const localized = useLocalized();
  const product = useQuery(productQuery(productId));
  const save = useSaveProductDeclarations();
  if (!product.data) return <QueryState query={product} />;
  return (
    <DeclarationsForm
      title={title ?? t('editing', { name: localized(product.data.name) })}
      row={product.data}
      schema={productCodesSchema}
      rowSchema={adminProductSchema}
      saveLabel={saveLabel}
      save={async (codes, version) => {
        const sent = version === null ? null : sendVersion(version);
        const saved = await save(productId, codes, sent);
        onSaved?.(sent, saved);
        return saved;
      }}
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
