import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  normaliseVoucherCode,
  VOUCHER_REFUSAL_TEXTS,
  type VoucherCheckRequest,
  type VoucherRefusal,
} from '@pizzeria/domain';
import { registerTranslations } from '../../../i18n/index.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { useCurrency } from '../../store/index.ts';
import { useCheckVoucher } from '../api/check-voucher.ts';
import type { CartTotals } from '../use-cart-totals.ts';
import { applyVoucher, refuseVoucher, removeVoucher, useCartVoucher } from '../voucher-store.ts';
import { voucherTexts } from '../voucher-locales.ts';
import './voucher-field.css';

registerTranslations('voucher', voucherTexts);

/** Who orders, as far as the page knows: a guest's phone and e-mail (a signed-in customer goes by the session). */
export interface VoucherContact {
  phone: string | null;
  email: string | null;
}

/**
 * "Gutscheincode" in the cart and at checkout: behind a button until someone wants it; "Einlösen" checks
 * the code with the server (for the order type chosen and who orders), and the cart keeps its terms.
 * What it takes off, or why it does not apply, follows the cart as it changes (`useCartTotals`); a code
 * kept from an earlier visit is checked again when the field appears.
 */
export function VoucherField({ totals, contact = null }: { totals: CartTotals; contact?: VoucherContact | null }) {
  const { t, i18n } = useTranslation('voucher');
  const language = i18n.language === 'en' ? 'en' : 'de';
  const money = useMoney(useCurrency());
  const voucher = useCartVoucher((state) => state.voucher);
  const check = useCheckVoucher();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const messageId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);

  // In the cart the totals stand over the end of the scrolling part: the words come into view.
  useEffect(() => {
    if (error) messageRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error]);

  const request = (text: string): VoucherCheckRequest => ({
    code: text,
    order_type: totals.orderType,
    phone: contact?.phone || null,
    email: contact?.email || null,
  });

  // A code kept from before (another visit, the cart before the checkout) is checked again: it may be
  // used up or switched off since, and the guest's phone and e-mail may now be known.
  const stored = voucher?.check.code ?? null;
  const recheckKey = stored ? `${stored}|${contact?.phone ?? ''}|${contact?.email ?? ''}` : null;
  const { mutate } = check;
  useEffect(() => {
    if (!recheckKey || !stored) return;
    mutate(request(stored), {
      onSuccess: applyVoucher,
      onError: (failure) => {
        if (failure instanceof ApiRequestError && failure.code === 'voucher_unknown') refuseVoucher('voucher_unknown');
      },
    });
    // Checked once per code and contact; the order type changes nothing the server alone knows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recheckKey, mutate]);

  const redeem = (event: React.FormEvent) => {
    event.preventDefault();
    const typed = normaliseVoucherCode(code);
    if (!typed) {
      setError(t('required'));
      inputRef.current?.focus();
      return;
    }
    setError(null);
    check.mutate(request(typed), {
      onSuccess: (answer) => {
        applyVoucher(answer);
        setOpen(false);
        setCode('');
      },
      onError: (failure) => {
        if (failure instanceof ApiRequestError && failure.code === 'voucher_unknown')
          setError(VOUCHER_REFUSAL_TEXTS.voucher_unknown[language]);
        else if (failure instanceof ApiRequestError && failure.status < 500 && failure.code !== 'http_error')
          setError(failure.message);
        else setError(t('failed'));
        inputRef.current?.focus();
      },
    });
  };

  const refusalText = (problem: VoucherRefusal): string =>
    problem === 'voucher_minimum_not_reached' && totals.voucherMissing > 0
      ? t('missing_minimum', { missing: money(totals.voucherMissing), minimum: money(totals.voucherMinimum) })
      : VOUCHER_REFUSAL_TEXTS[problem][language];

  if (voucher) {
    const problem = totals.voucherProblem;
    return (
      <div className="voucher-field voucher-applied" data-problem={problem ? true : undefined}>
        <div className="voucher-applied-head">
          <p className="voucher-applied-code">{t('applied', { code: voucher.check.code })}</p>
          <button
            type="button"
            className="voucher-text-button"
            aria-label={t('remove_label', { code: voucher.check.code })}
            onClick={() => {
              removeVoucher();
              setError(null);
            }}
          >
            {t('remove')}
          </button>
        </div>
        <p className={problem ? 'voucher-problem' : 'voucher-saves'} role="status">
          {problem ? refusalText(problem) : t('saves', { amount: money(totals.voucher) })}
        </p>
      </div>
    );
  }

  if (!open) {
    return (
      <div className="voucher-field">
        <button
          type="button"
          className="voucher-text-button voucher-open"
          aria-expanded="false"
          onClick={() => {
            setOpen(true);
            // The field appears in this render: focus it once it is there.
            requestAnimationFrame(() => inputRef.current?.focus());
          }}
        >
          {t('open')}
        </button>
      </div>
    );
  }

  return (
    <form className="voucher-field voucher-form" noValidate onSubmit={redeem}>
      <label className="field-label" htmlFor={inputId}>
        {t('label')}
      </label>
      <div className="voucher-row">
        <input
          ref={inputRef}
          id={inputId}
          className="input voucher-input"
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
          onChange={(event) => {
            setCode(event.target.value);
            if (error) setError(null);
          }}
        />
        <button type="submit" className="button button-secondary voucher-redeem" disabled={check.isPending}>
          {check.isPending ? t('checking') : t('redeem')}
        </button>
      </div>
      {error ? (
        <p ref={messageRef} id={messageId} className="form-error voucher-error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="voucher-text-button"
        onClick={() => {
          setOpen(false);
          setError(null);
        }}
      >
        {t('cancel')}
      </button>
    </form>
  );
}

/** "Gutschein WILLKOMMEN  −2,50 €": the totals' line of a voucher that takes something off. */
export function VoucherTotalsLine({ totals, className }: { totals: CartTotals; className?: string }) {
  const { t } = useTranslation('voucher');
  const money = useMoney(useCurrency());
  if (totals.voucher <= 0 || !totals.voucherCode) return null;
  return (
    <div className={className}>
      <dt>{t('totals_line', { code: totals.voucherCode })}</dt>
      <dd>−{money(totals.voucher)}</dd>
    </div>
  );
}
