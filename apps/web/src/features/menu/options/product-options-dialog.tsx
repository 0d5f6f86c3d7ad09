import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/shallow';
import { Dialog } from '@base-ui/react/dialog';
import {
  allergensForChoice,
  allergensForHalves,
  buildCartItem,
  buildHalfAndHalfItem,
  checkToppingChoice,
  halfPartners,
  isDivisible,
  lineDeposit,
  lineTotal,
  toCents,
  type AllergenDeclaration,
  type CartItem,
  type ExtraChoice,
  type Product,
  type ToppingGroup,
  type ToppingRuleViolation,
} from '@pizzeria/domain';
import { CloseIcon } from '../../../lib/icons.tsx';
import { useMoney } from '../../../lib/use-money.ts';
import { openCart, useCart } from '../../cart/index.ts';
import { QuantityStepper } from '../../cart/ui.ts';
import { useCurrency } from '../../store/index.ts';
import { announce } from '../announcer.ts';
import { useProducts } from '../api/get-products.ts';
import { defaultVariantId } from '../menu-model.ts';
import { closeProductOptions, useProductOptions } from './options-store.ts';
import '../../../styles/segmented.css';
import './options.css';

/**
 * Size and extras of a dish (docs/product/shop.md), for a new cart line or to edit one. A lazy chunk: see
 * `product-options-host.tsx`.
 */
export default function ProductOptionsDialog() {
  const { t } = useTranslation('menu');
  const { t: tCommon } = useTranslation();
  const { open, productId, editKey, session } = useProductOptions(
    useShallow(({ open, productId, editKey, session }) => ({ open, productId, editKey, session })),
  );
  const { data: products } = useProducts();
  const product = products?.find((candidate) => candidate.id === productId);
  const line = useCart((state) => (editKey ? state.items.find((item) => item.uniqueKey === editKey) : undefined));

  const close = () => {
    closeProductOptions();
    // An edit started in the cart goes back to the cart.
    if (editKey) openCart();
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal>
        <Dialog.Backdrop className="dialog-backdrop" />
        <Dialog.Popup className="dialog-popup options-dialog" initialFocus={firstField}>
          {product ? (
            <OptionsForm key={session} product={product} products={products ?? []} line={line} editKey={editKey} />
          ) : (
            <div className="options-missing">
              <div className="dialog-header">
                <Dialog.Title className="dialog-title">
                  {products ? t('options.not_found') : tCommon('loading')}
                </Dialog.Title>
                <Dialog.Close className="icon-button" aria-label={tCommon('close')}>
                  <CloseIcon />
                </Dialog.Close>
              </div>
            </div>
          )}
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The dialog's first field, as Base UI's default would find it (a radio group by its checked radio),
 * without measuring every element's visibility first, which on a phone costs the tap a frame.
 */
function firstField(): HTMLElement | null {
  const popup = document.querySelector('.options-dialog');
  const first = popup?.querySelector<HTMLInputElement>('input:not(:disabled), button:not(:disabled)');
  if (!popup || !first) return null;
  if (first.type !== 'radio' || !first.name) return first;
  return popup.querySelector<HTMLInputElement>(`input[name="${first.name}"]:checked`) ?? first;
}

/** Only the extras that are toppings of the product (a cart line from an older menu may carry others). */
function extrasOf(product: Product, extras: readonly { id: number; quantity: number }[]): ExtraChoice[] {
  const toppingIds = new Set(product.enriched_topping_groups.flatMap((group) => group.toppings.map((t) => t.id)));
  return extras.filter((extra) => toppingIds.has(extra.id)).map(({ id, quantity }) => ({ id, quantity }));
}

/** The choice a dialog starts with: the edited line's (whole or in halves), or the cheapest size and no extras. */
function initialChoice(product: Product, line: CartItem | undefined) {
  const [firstHalf, secondHalf] = line?.halves ?? [];
  const lineVariant = line?.selectedVariant?.id;
  const variantId =
    lineVariant !== undefined && product.variants.some((variant) => variant.id === lineVariant)
      ? lineVariant
      : defaultVariantId(product);
  return {
    variantId,
    extras: extrasOf(product, firstHalf?.extras ?? line?.extras ?? []),
    halves: secondHalf !== undefined,
    secondId: secondHalf?.id ?? null,
    secondExtras: secondHalf?.extras.map(({ id, quantity }) => ({ id, quantity })) ?? [],
    quantity: line?.quantity ?? 1,
  };
}

function OptionsForm({
  product,
  products,
  line,
  editKey,
}: {
  product: Product;
  products: readonly Product[];
  line: CartItem | undefined;
  editKey: string | null;
}) {
  const { t } = useTranslation('menu');
  const { t: tCommon } = useTranslation();
  const money = useMoney(useCurrency());
  const reasonId = useId();
  const [initial] = useState(() => initialChoice(product, line));
  const [variantId, setVariantId] = useState<number | null>(initial.variantId);
  // The whole pizza's extras, and the first half's when it is in halves: switching keeps them.
  const [extras, setExtras] = useState<ExtraChoice[]>(initial.extras);
  const [halfMode, setHalfMode] = useState(initial.halves);
  const partnerRef = useRef<HTMLDivElement>(null);
  const [secondId, setSecondId] = useState<number | null>(initial.secondId);
  const [secondExtras, setSecondExtras] = useState<ExtraChoice[]>(initial.secondExtras);
  const [quantity, setQuantity] = useState(initial.quantity);

  const divisible = isDivisible(product, variantId);
  const halves = divisible && halfMode;
  const partners = halves ? halfPartners(product, variantId, products) : [];
  const partner = partners.find((candidate) => candidate.product.id === secondId);
  const second = partner ? { ...partner, extras: extrasOf(partner.product, secondExtras) } : undefined;

  // Why Add is not possible yet, each named after its half when the pizza is in halves.
  const reasons: string[] = [];
  const firstViolations = checkToppingChoice(product, extras);
  const secondViolations = second ? checkToppingChoice(second.product, second.extras) : [];
  let item: CartItem | undefined;
  let declaration: AllergenDeclaration;
  if (!halves) {
    item = buildCartItem(product, { variantId, extras, quantity });
    declaration = allergensForChoice(product, extras);
    reasons.push(...firstViolations.map((violation) => violationText(violation, product, t)));
  } else {
    const first = { product, variantId, extras };
    item = second ? buildHalfAndHalfItem(first, second, quantity) : undefined;
    declaration = second ? allergensForHalves(first, second) : allergensForChoice(product, extras);
    if (!second) reasons.push(t('options.halves.choose_second'));
    const inHalf = (number: 1 | 2, dish: Product, violations: ToppingRuleViolation[]) =>
      violations.map((violation) =>
        t('options.halves.reason', { half: number, reason: violationText(violation, dish, t) }),
      );
    reasons.push(...inHalf(1, product, firstViolations));
    if (second) reasons.push(...inHalf(2, second.product, secondViolations));
  }
  const title = item?.displayName ?? buildCartItem(product, { variantId, extras: [], quantity: 1 }).displayName;
  const blocked = reasons.length > 0 || item === undefined;

  const chooseSize = (next: number) => {
    setVariantId(next);
    // The other half stays when it is sold in halves at the new size too; otherwise the customer chooses again.
    if (secondId !== null && !halfPartners(product, next, products).some((entry) => entry.product.id === secondId)) {
      setSecondId(null);
    }
  };

  const chooseSecond = (id: number | null) => {
    setSecondId(id);
    // Toppings the new half also offers stay chosen (the pizzas share their groups); others go.
    const dish = partners.find((candidate) => candidate.product.id === id)?.product;
    setSecondExtras((current) => (dish ? extrasOf(dish, current) : current));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blocked || !item) return;
    const cart = useCart.getState();
    if (editKey) {
      cart.replace(editKey, item);
      closeProductOptions();
      openCart();
      return;
    }
    cart.add(item);
    announce(
      item.quantity > 1
        ? t('added_many', { count: item.quantity, name: item.displayName })
        : t('added', { name: item.displayName }),
    );
    closeProductOptions();
  };

  const groupsOf = (dish: Product, chosen: ExtraChoice[], onChange: (extras: ExtraChoice[]) => void, prefix: string) =>
    dish.enriched_topping_groups
      .filter((group) => group.toppings.length > 0)
      .map((group) => (
        <ToppingGroupField
          key={`${prefix}${group.id}`}
          group={group}
          name={`${prefix}group-${group.id}`}
          extras={chosen}
          onChange={onChange}
          violation={checkToppingChoice(dish, chosen).find(
            (violation) => 'groupId' in violation && violation.groupId === group.id,
          )}
        />
      ));

  return (
    <form className="options-form" onSubmit={submit} noValidate>
      <div className="options-scroll">
        {product.image_url && (
          <div className="options-media">
            <img src={product.image_wide_url ?? product.image_url} alt="" width="640" height="360" decoding="async" />
          </div>
        )}
        <div className="options-body">
          <Dialog.Title className="dialog-title options-title">{title}</Dialog.Title>
          {product.description && (
            <Dialog.Description className="dialog-description">{product.description}</Dialog.Description>
          )}

          {product.type === 'variable' && product.variants.length > 0 && (
            <fieldset className="options-group">
              <legend className="options-legend">
                <span className="options-group-name">{t('options.size')}</span>
              </legend>
              <div className="options-choices">
                {product.variants.map((variant) => (
                  <label key={variant.id} className="option-row">
                    <input
                      type="radio"
                      name={`variant-${product.id}`}
                      value={variant.id}
                      checked={variantId === variant.id}
                      onChange={() => chooseSize(variant.id)}
                    />
                    <span className="option-name">{variant.name}</span>
                    <span className="option-price">{money(toCents(variant.price))}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}

          {divisible && (
            <fieldset className="segmented options-mode">
              <legend className="sr-only">{t('options.halves.mode')}</legend>
              <label className="segmented-option options-mode-option">
                <input
                  type="radio"
                  name={`mode-${product.id}`}
                  value="whole"
                  checked={!halfMode}
                  onChange={() => setHalfMode(false)}
                />
                <span>{t('options.halves.whole')}</span>
              </label>
              <label className="segmented-option options-mode-option">
                <input
                  type="radio"
                  name={`mode-${product.id}`}
                  value="halves"
                  checked={halfMode}
                  onChange={() => {
                    setHalfMode(true);
                    // What just appeared is below the fold on a phone: bring the second half's choice into view.
                    requestAnimationFrame(() =>
                      partnerRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' }),
                    );
                  }}
                />
                <span>{t('options.halves.halves')}</span>
              </label>
            </fieldset>
          )}

          {halves ? (
            <>
              <div className="options-half-partner" ref={partnerRef}>
                <label className="options-group-name" htmlFor={`${reasonId}-second`}>
                  {t('options.halves.second_label')}
                </label>
                <p id={`${reasonId}-second-hint`} className={`options-hint${second ? '' : ' is-needed'}`}>
                  {t('options.halves.second_hint', { name: product.name })}
                </p>
                <select
                  id={`${reasonId}-second`}
                  className="select options-half-select"
                  value={secondId ?? ''}
                  aria-describedby={`${reasonId}-second-hint`}
                  onChange={(event) => chooseSecond(event.target.value === '' ? null : Number(event.target.value))}
                >
                  <option value="">{t('options.halves.choose')}</option>
                  {partners.map((entry) => (
                    <option key={entry.product.id} value={entry.product.id}>
                      {t('options.halves.partner', { name: entry.product.name, price: money(partnerPrice(entry)) })}
                    </option>
                  ))}
                </select>
              </div>
              <HalfSection number={1} dish={product}>
                {groupsOf(product, extras, setExtras, 'first-')}
              </HalfSection>
              {second && (
                <HalfSection number={2} dish={second.product}>
                  {groupsOf(second.product, second.extras, setSecondExtras, 'second-')}
                </HalfSection>
              )}
            </>
          ) : (
            groupsOf(product, extras, setExtras, '')
          )}

          <section className="options-declaration" aria-labelledby={`${reasonId}-declaration`}>
            <h3 id={`${reasonId}-declaration`} className="options-declaration-title">
              {halves && second ? t('options.halves.declaration') : t('options.declaration')}
            </h3>
            {declaration.allergens.length === 0 && declaration.additives.length === 0 ? (
              <p>{t('options.declaration_none')}</p>
            ) : (
              <dl>
                {declaration.allergens.length > 0 && (
                  <div>
                    <dt>{t('options.declaration_allergens')}</dt>
                    <dd>{declaration.allergens.map((entry) => `${entry.name} (${entry.code})`).join(', ')}</dd>
                  </div>
                )}
                {declaration.additives.length > 0 && (
                  <div>
                    <dt>{t('options.declaration_additives')}</dt>
                    <dd>{declaration.additives.map((entry) => `${entry.name} (${entry.code})`).join(', ')}</dd>
                  </div>
                )}
              </dl>
            )}
          </section>
        </div>
      </div>

      <div className="options-footer">
        {reasons.length > 0 && (
          <p id={reasonId} className="options-reason">
            {t('options.cannot_add', { reasons: reasons.join('; ') })}
          </p>
        )}
        {/* How the price in the button comes about; while there is none yet, the reason says what is missing. */}
        {halves && item && <p className="options-halves-rule">{t('options.halves.rule')}</p>}
        <div className="options-footer-row">
          <QuantityStepper
            value={quantity}
            onChange={setQuantity}
            label={t('options.quantity')}
            decreaseLabel={t('options.decrease')}
            increaseLabel={t('options.increase')}
          />
          <button
            type="submit"
            className="button button-primary options-submit"
            disabled={blocked}
            aria-describedby={reasons.length > 0 ? reasonId : undefined}
          >
            <span>{editKey ? t('options.save') : t('options.add')}</span>
            {item && <span className="options-submit-price">{money(lineTotal(item))}</span>}
          </button>
        </div>
        {item && item.deposit > 0 && (
          <p className="options-deposit">{t('deposit', { price: money(lineDeposit(item)) })}</p>
        )}
      </div>
      <Dialog.Close className="icon-button options-close" aria-label={tCommon('close')}>
        <CloseIcon />
      </Dialog.Close>
    </form>
  );
}

/** A partner's own price at the size: what a whole pizza of it would cost. */
function partnerPrice(entry: { product: Product; variantId: number | null }): number {
  const variant = entry.product.variants.find((candidate) => candidate.id === entry.variantId);
  return toCents(variant ? variant.price : entry.product.price);
}

/** One half's toppings under its own heading ("1. Hälfte: Pizza Salami"). */
function HalfSection({ number, dish, children }: { number: 1 | 2; dish: Product; children: ReactNode }) {
  const { t } = useTranslation('menu');
  const headingId = useId();
  return (
    <section className="options-half" aria-labelledby={headingId}>
      <h3 id={headingId} className="options-half-title">
        <span className="options-half-badge" aria-hidden="true">
          ½
        </span>
        {t('options.halves.half_title', { half: number, name: dish.name })}
      </h3>
      {children}
    </section>
  );
}

type MenuT = ReturnType<typeof useTranslation<'menu'>>['t'];

function violationMessage(violation: ToppingRuleViolation, t: MenuT): string {
  switch (violation.code) {
    case 'too_few':
      return t('options.too_few', { count: violation.min });
    case 'too_many':
      return t('options.too_many', { count: violation.max });
    case 'unknown_topping':
      return t('options.unknown_topping');
    case 'sold_out_topping':
      return t('options.sold_out_topping');
  }
}

function violationText(violation: ToppingRuleViolation, product: Product, t: MenuT): string {
  if (violation.code === 'sold_out_topping') {
    // Chosen before it sold out (an edited cart line, or the menu read again meanwhile): say which.
    const topping = product.enriched_topping_groups
      .flatMap((group) => group.toppings)
      .find((candidate) => candidate.id === violation.toppingId);
    if (topping) return t('options.sold_out_chosen', { name: topping.name });
  }
  const message = violationMessage(violation, t);
  if (!('groupId' in violation)) return message;
  const group = product.enriched_topping_groups.find((candidate) => candidate.id === violation.groupId);
  return group ? `${group.name}: ${message}` : message;
}

function ruleText(group: ToppingGroup, t: MenuT): string {
  const max = Math.min(group.max_select, group.toppings.length);
  if (group.min_select === 1 && max === 1) return t('options.choose_one');
  if (group.min_select === 0) return t('options.up_to', { count: max });
  if (group.min_select === max) return t('options.too_few', { count: max });
  return t('options.between', { min: group.min_select, max });
}

/**
 * A group of at most one topping is a radio group (with "Ohne" when none is allowed), so a second pick
 * replaces the first instead of blocking the dialog. A larger group is checkboxes, and once its maximum
 * is ticked the others are disabled; the ticked ones stay enabled, so the customer can swap one.
 * A topping sold out today is shown greyed and cannot be picked; if it is already ticked (a cart line
 * edited), it stays enabled so the customer can take it off.
 */
function ToppingGroupField({
  group,
  name,
  extras,
  onChange,
  violation,
}: {
  group: ToppingGroup;
  /** The inputs' name: unique in the form (a half-and-half pizza shows a group once per half). */
  name: string;
  extras: ExtraChoice[];
  onChange: (extras: ExtraChoice[]) => void;
  violation: ToppingRuleViolation | undefined;
}) {
  const { t } = useTranslation('menu');
  const money = useMoney(useCurrency());
  const hintId = useId();
  const single = group.max_select === 1;
  const groupIds = new Set(group.toppings.map((topping) => topping.id));
  const others = extras.filter((extra) => !groupIds.has(extra.id));
  const picked = extras.filter((extra) => groupIds.has(extra.id));
  const chosen = new Set(picked.map((extra) => extra.id));
  const count = picked.reduce((sum, extra) => sum + extra.quantity, 0);
  const full = !single && count >= group.max_select;
  const choose = (id: number | null) => onChange(id === null ? others : [...others, { id, quantity: 1 }]);
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...extras, { id, quantity: 1 }] : extras.filter((extra) => extra.id !== id));
  const hint = violation
    ? violationMessage(violation, t)
    : full
      ? t('options.limit_reached', { count: group.max_select })
      : ruleText(group, t);
  return (
    <fieldset className="options-group" aria-describedby={hintId}>
      <legend className="options-legend">
        <span className="options-group-name">{group.name}</span>
        <span className={`options-badge${group.min_select > 0 ? ' is-required' : ''}`}>
          {group.min_select > 0 ? t('options.required') : t('options.optional')}
        </span>
      </legend>
      <p
        id={hintId}
        className={`options-hint${violation?.code === 'too_few' ? ' is-needed' : violation ? ' is-error' : ''}`}
      >
        {hint}
      </p>
      <div className="options-choices">
        {single && group.min_select === 0 && (
          <label className="option-row">
            <input type="radio" name={name} value="" checked={chosen.size === 0} onChange={() => choose(null)} />
            <span className="option-name">{t('options.none')}</span>
            <span className="option-price" />
          </label>
        )}
        {group.toppings.map((topping) => {
          const codes = [...topping.allergens, ...topping.additives].map((entry) => entry.code).join(', ');
          const checked = chosen.has(topping.id);
          const soldOut = topping.sold_out === true;
          return (
            <label key={topping.id} className="option-row" data-sold-out={soldOut || undefined}>
              {single ? (
                <input
                  type="radio"
                  name={name}
                  value={topping.id}
                  checked={checked}
                  disabled={soldOut && !checked}
                  onChange={() => choose(topping.id)}
                />
              ) : (
                <input
                  type="checkbox"
                  name={name}
                  value={topping.id}
                  checked={checked}
                  disabled={(full || soldOut) && !checked}
                  onChange={(event) => toggle(topping.id, event.target.checked)}
                />
              )}
              <span className="option-name">
                {topping.name}
                {codes && (
                  <span className="option-codes" aria-hidden="true">
                    {' '}
                    {codes}
                  </span>
                )}
              </span>
              <span className="option-price">
                {soldOut
                  ? t('options.sold_out_topping')
                  : topping.price > 0
                    ? t('options.extra_price', { price: money(toCents(topping.price)) })
                    : ''}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
