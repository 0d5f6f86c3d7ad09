import './address-fields.css';
import '../register-texts.ts';
import { useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_INPUT_MAX_LENGTH, toCents, type Postcode } from '@pizzeria/domain';
import { useMoney } from '../../../lib/use-money.ts';
import { useCurrency } from '../../store/index.ts';

/** What a delivery address asks, in the order the forms show it. */
export interface AddressFieldValues {
  street: string;
  house_number: string;
  /** Apartment, floor, door bell: optional. */
  line2: string;
  zip: string;
  /** Asked only by the account's form (a guest's order takes the delivery area's town); absent: not shown. */
  city?: string;
}
export type AddressFieldName = 'street' | 'house_number' | 'line2' | 'zip' | 'city';

/** The delivery address's fields a person left empty, in the form's order: street and house number first. */
export function missingAddressFields(values: AddressFieldValues): AddressFieldName[] {
  const required: AddressFieldName[] = ['street', 'house_number', 'zip'];
  if (values.city !== undefined) required.push('city');
  return required.filter((field) => (values[field] ?? '').trim() === '');
}

/** Whether the restaurant delivers to the postcode (`GET /api/postcodes/store/13`); unknown while loading. */
export function isDeliveredPostcode(zip: string, postcodes: readonly Postcode[] | undefined): boolean {
  return postcodes === undefined || postcodes.some((entry) => entry.postcode === zip.trim());
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  optional?: boolean;
  invalid?: boolean;
}

/** A labelled input with its hint and error, described to assistive technology. */
export function TextField({ label, hint, error, optional, invalid, ...input }: TextFieldProps) {
  const { t } = useTranslation('addresses');
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="checkout-field">
      <label className="field-label" htmlFor={id}>
        {label}
        {optional && <span className="checkout-optional"> ({t('fields.optional')})</span>}
      </label>
      <input
        id={id}
        className="input"
        aria-invalid={invalid || Boolean(error) || undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="checkout-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="checkout-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

interface AddressFieldsProps {
  values: AddressFieldValues;
  onChange: (field: AddressFieldName, value: string) => void;
  /** The fields to mark, e.g. the ones a failed submit found empty. */
  invalid: readonly AddressFieldName[];
  /** The delivery areas: the postcode is one of them. */
  postcodes: readonly Postcode[] | undefined;
}

/**
 * The delivery address as both the guest form and the account's address form ask it: street,
 * house number, apartment, and the postcode chosen from the areas the restaurant delivers to, so an
 * address is never saved for a postcode that is refused later. Inputs are named after the fields.
 */
export function AddressFields({ values, onChange, invalid, postcodes }: AddressFieldsProps) {
  const { t } = useTranslation('addresses');
  const money = useMoney(useCurrency());
  const zipId = useId();
  const isInvalid = (field: AddressFieldName) => invalid.includes(field);
  const zipNotDelivered = values.zip.trim() !== '' && !isDeliveredPostcode(values.zip, postcodes);
  const zipKnown = postcodes?.some((entry) => entry.postcode === values.zip) ?? false;
  // A text field's input name, value, mark and change handler, all from the field's name.
  const bind = (field: Exclude<AddressFieldName, 'zip'>) => ({
    name: field,
    value: values[field] ?? '',
    invalid: isInvalid(field),
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(field, event.target.value),
  });
  return (
    <div className="address-fields">
      <div className="address-street-row">
        <TextField
          label={t('fields.street')}
          autoComplete="address-line1"
          required
          maxLength={160}
          placeholder={t('fields.street_placeholder')}
          {...bind('street')}
        />
        <TextField
          label={t('fields.house_number')}
          required
          maxLength={20}
          placeholder={t('fields.house_number_placeholder')}
          {...bind('house_number')}
        />
      </div>
      <TextField
        label={t('fields.line2')}
        autoComplete="address-line2"
        optional
        maxLength={200}
        placeholder={t('fields.line2_placeholder')}
        {...bind('line2')}
      />
      <div className="address-place-row">
        <div className="checkout-field">
          <label className="field-label" htmlFor={zipId}>
            {t('fields.zip')}
          </label>
          <select
            id={zipId}
            name="zip"
            className="select"
            autoComplete="postal-code"
            required
            aria-invalid={isInvalid('zip') || zipNotDelivered || undefined}
            aria-describedby={zipNotDelivered ? `${zipId}-error` : undefined}
            value={values.zip}
            onChange={(event) => onChange('zip', event.target.value)}
          >
            <option value="">{t('fields.zip_choose')}</option>
            {values.zip && !zipKnown && <option value={values.zip}>{values.zip}</option>}
            {postcodes?.map((entry) => (
              <option key={entry.id} value={entry.postcode}>
                {entry.delivery_fee > 0
                  ? t('fields.zip_option', { postcode: entry.postcode, fee: money(toCents(entry.delivery_fee)) })
                  : t('fields.zip_option_free', { postcode: entry.postcode })}
              </option>
            ))}
          </select>
          {zipNotDelivered && (
            <p id={`${zipId}-error`} className="checkout-field-error">
              {t('fields.zip_not_delivered', { zip: values.zip })}
            </p>
          )}
        </div>
        {values.city !== undefined && (
          <TextField
            label={t('fields.city')}
            autoComplete="address-level2"
            required
            maxLength={100}
            {...bind('city')}
          />
        )}
      </div>
    </div>
  );
}

/**
 * Who receives the order: the name and the phone number (with its area code, for the restaurant's
 * questions), as both the guest's form and the account's address form ask them. A changed phone number
 * is no longer the refused one: `onChange` says which field changed.
 */
export function NameAndPhoneFields({
  values,
  labels,
  invalid,
  phoneError,
  onChange,
}: {
  values: { customer_name: string; phone: string };
  labels: { name: string; phone: string; phoneHint: string };
  invalid: { customer_name: boolean; phone: boolean };
  phoneError?: string | null;
  onChange: (field: 'customer_name' | 'phone', value: string) => void;
}) {
  const bind = (field: 'customer_name' | 'phone') => ({
    value: values[field],
    invalid: invalid[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(field, event.target.value),
  });
  return (
    <>
      <TextField
        label={labels.name}
        name="name"
        autoComplete="name"
        required
        maxLength={100}
        {...bind('customer_name')}
      />
      <TextField
        label={labels.phone}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        maxLength={PHONE_INPUT_MAX_LENGTH}
        hint={labels.phoneHint}
        error={phoneError ?? null}
        {...bind('phone')}
      />
    </>
  );
}
