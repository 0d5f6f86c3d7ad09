import './postcode-picker.css';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Combobox } from '@base-ui/react/combobox';
import { Dialog } from '@base-ui/react/dialog';
import { filterPostcodes, findExactPostcode, toCents, type Postcode } from '@pizzeria/domain';
import { ChevronDownIcon, CloseIcon, PinIcon } from '../../../lib/icons.tsx';
import { useMoney } from '../../../lib/use-money.ts';
import { registerTranslations } from '../../../i18n/index.ts';
import { useCurrency } from '../../store/index.ts';
import { usePostcodes } from '../api/get-postcodes.ts';
import { useDelivery } from '../delivery-store.ts';
import { closePostcodePicker, openPostcodePicker, usePostcodePicker } from '../picker-store.ts';
import { postcodePickerTexts } from '../picker-locales.ts';

registerTranslations('postcodePicker', postcodePickerTexts);

/** The list stays open this long after the input loses focus (docs/product/shop.md). */
export const BLUR_CLOSE_DELAY_MS = 150;

/** The postcode picker dialog (docs/product/shop.md). A lazy chunk: see `postcode-picker-host.tsx`. */
export default function PostcodePicker() {
  const { t } = useTranslation('postcodePicker');
  const { t: tCommon } = useTranslation();
  const open = usePostcodePicker((state) => state.open);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? openPostcodePicker() : closePostcodePicker())}>
      <Dialog.Portal>
        <Dialog.Backdrop className="dialog-backdrop" />
        <Dialog.Popup className="dialog-popup postcode-dialog">
          <div className="dialog-header">
            <Dialog.Title className="dialog-title">{t('title')}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={tCommon('close')}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className="dialog-description">{t('description')}</Dialog.Description>
          <PostcodeForm onDone={closePostcodePicker} />
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The searchable list of delivery areas and the Confirm Location button. The selection holds only a
 * listed postcode: typing anything that is not exactly one clears it, so Confirm stays disabled.
 */
export function PostcodeForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('postcodePicker');
  const { t: tCommon } = useTranslation();
  const inputId = useId();
  const money = useMoney(useCurrency());
  const { data: entries = [], isPending, isError, refetch } = usePostcodes();
  const current = useDelivery((state) => state.postcode);
  const setPostcode = useDelivery((state) => state.setPostcode);
  const setOrderType = useDelivery((state) => state.setOrderType);

  const [inputValue, setInputValue] = useState(current?.postcode ?? '');
  const [selected, setSelected] = useState<Postcode | null>(current);
  const [listOpen, setListOpen] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);

  const filtered = useMemo(() => filterPostcodes(entries, inputValue), [entries, inputValue]);
  const chosen = selected ? (entries.find((entry) => entry.id === selected.id) ?? null) : null;
  // A whole postcode that no delivery area has: the way on is collecting the order.
  const typed = inputValue.trim();
  const notServed = /^\d{5}$/.test(typed) && entries.length > 0 && filtered.length === 0 ? typed : null;
  // The example is a postcode the restaurant delivers to, never one that would then be refused.
  const example = entries[0]?.postcode;

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  function changeListOpen(next: boolean, reason: string) {
    window.clearTimeout(closeTimer.current);
    if (!next && reason === 'focus-out') {
      closeTimer.current = window.setTimeout(() => setListOpen(false), BLUR_CLOSE_DELAY_MS);
      return;
    }
    setListOpen(next);
  }

  function pickUpInstead() {
    setOrderType('pickup');
    onDone();
  }

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    setPostcode(chosen);
    onDone();
  }

  const fee = (entry: Postcode) => (entry.delivery_fee > 0 ? money(toCents(entry.delivery_fee)) : t('fee_free'));
  const details = (entry: Postcode) => (
    <>
      <span>{t('minimum_order', { amount: money(toCents(entry.minimum_order_amount)) })}</span>
      <span aria-hidden="true"> · </span>
      <span>{t('delivery_time', { minutes: entry.delivery_time })}</span>
    </>
  );

  return (
    <form className="postcode-form" onSubmit={confirm} noValidate>
      <Combobox.Root<Postcode>
        items={entries}
        filteredItems={filtered}
        filter={null}
        value={selected}
        onValueChange={(value) => setSelected(value)}
        inputValue={inputValue}
        onInputValueChange={(value, eventDetails) => {
          // The combobox clears a query nothing was chosen for when its list closes (a tap elsewhere):
          // a whole postcode typed stays, so its answer (not delivered, pick up instead) stays in view
          // under the tap that means to follow it.
          if (eventDetails.reason === 'input-clear' && notServed !== null) return;
          setInputValue(value);
          if (eventDetails.reason !== 'item-press') setSelected(findExactPostcode(entries, value));
        }}
        open={listOpen}
        onOpenChange={(next, eventDetails) => changeListOpen(next, eventDetails.reason)}
        itemToStringLabel={(entry) => entry.postcode}
        itemToStringValue={(entry) => String(entry.id)}
        isItemEqualToValue={(item, value) => item.id === value.id}
      >
        <div className="field">
          <label className="field-label" id={`${inputId}-label`} htmlFor={inputId}>
            {t('input_label')}
          </label>
          <Combobox.InputGroup className="combo-input-group">
            <PinIcon className="combo-input-icon" />
            <Combobox.Input
              id={inputId}
              aria-labelledby={`${inputId}-label`}
              className="combo-input"
              placeholder={example ? t('input_placeholder', { example }) : undefined}
              inputMode="numeric"
              autoComplete="off"
              onFocus={() => window.clearTimeout(closeTimer.current)}
            />
            <Combobox.Trigger className="combo-trigger" aria-label={t('show_all')}>
              <ChevronDownIcon />
            </Combobox.Trigger>
          </Combobox.InputGroup>
        </div>

        <Combobox.Portal>
          <Combobox.Positioner className="combo-positioner" sideOffset={6}>
            <Combobox.Popup className="combo-popup" aria-label={t('input_label')}>
              <Combobox.Status className="combo-status">
                {isPending ? t('loading') : isError ? t('load_error') : null}
              </Combobox.Status>
              <Combobox.Empty className="combo-empty">
                {!isPending && !isError && entries.length > 0 ? t('empty', { query: inputValue.trim() }) : null}
              </Combobox.Empty>
              <Combobox.List className="combo-list">
                {(entry: Postcode) => (
                  <Combobox.Item key={entry.id} value={entry} className="combo-item">
                    <span className="combo-item-main">
                      <span className="combo-item-title">{entry.postcode}</span>
                      <span className="combo-item-detail">{details(entry)}</span>
                    </span>
                    <span className="combo-item-fee" data-free={entry.delivery_fee > 0 ? undefined : ''}>
                      {fee(entry)}
                    </span>
                  </Combobox.Item>
                )}
              </Combobox.List>
            </Combobox.Popup>
          </Combobox.Positioner>
        </Combobox.Portal>
      </Combobox.Root>

      {isError ? (
        <p className="form-error" role="alert">
          {t('load_error')}{' '}
          <button type="button" className="link-button" onClick={() => void refetch()}>
            {tCommon('retry')}
          </button>
        </p>
      ) : null}

      <div className="postcode-summary" aria-live="polite">
        {notServed ? (
          <div className="postcode-not-served">
            <p>{t('not_served', { postcode: notServed })}</p>
            <button type="button" className="button button-secondary" onClick={pickUpInstead}>
              {t('pickup_instead')}
            </button>
          </div>
        ) : null}
        {chosen ? (
          <>
            <strong>{chosen.postcode}</strong>
            <span>
              {t('fee_label')}: {fee(chosen)}
            </span>
            <span className="combo-item-detail">{details(chosen)}</span>
          </>
        ) : null}
      </div>

      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onDone}>
          {t('cancel')}
        </button>
        <button type="submit" className="button button-primary" disabled={!chosen}>
          {t('confirm')}
        </button>
      </div>
    </form>
  );
}
