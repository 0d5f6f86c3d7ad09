import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PHONE_INPUT_MAX_LENGTH,
  addressInputSchema,
  formatPhone,
  normalizePhone,
  type Address,
  type AddressInput,
} from '@pizzeria/domain';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useCreateAddress } from '../api/create-address.ts';
import { useUpdateAddress } from '../api/update-address.ts';

interface AddressDraft {
  customer_name: string;
  phone: string;
  line1: string;
  line2: string;
  zip: string;
  city: string;
  is_default: boolean;
}

type RequiredField = 'customer_name' | 'phone' | 'line1' | 'zip' | 'city';
const REQUIRED: RequiredField[] = ['customer_name', 'phone', 'line1', 'zip', 'city'];

function draftOf(address: Address | null, contact: { name: string; phone: string }): AddressDraft {
  return address
    ? {
        customer_name: address.customer_name,
        phone: formatPhone(address.phone),
        line1: address.line1,
        line2: address.line2 ?? '',
        zip: address.zip,
        city: address.city,
        is_default: address.is_default,
      }
    : {
        customer_name: contact.name,
        phone: formatPhone(contact.phone),
        line1: '',
        line2: '',
        zip: '',
        city: '',
        is_default: false,
      };
}

function Field({
  label,
  hint,
  invalid,
  optional,
  ...input
}: { label: string; hint?: string; invalid?: boolean; optional?: string } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'className'
>) {
  const id = useId();
  return (
    <div className="checkout-field">
      <label className="field-label" htmlFor={id}>
        {label}
        {optional && <span className="checkout-optional"> ({optional})</span>}
      </label>
      <input
        id={id}
        className="input"
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="checkout-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

interface AddressFormProps {
  /** The address to edit; null adds a new one. */
  address: Address | null;
  /** Name and phone of the signed-in customer, the defaults of a new address. */
  contact: { name: string; phone: string };
  onSaved: (address: Address) => void;
  onCancel?: () => void;
}

/** Adds or edits a saved address (POST / PUT /api/addresses/), checked with the API's own schema. */
export function AddressForm({ address, contact, onSaved, onCancel }: AddressFormProps) {
  const { t } = useTranslation('addresses');
  const [draft, setDraft] = useState<AddressDraft>(() => draftOf(address, contact));
  const [missing, setMissing] = useState<RequiredField[]>([]);
  const [zipInvalid, setZipInvalid] = useState(false);
  const [phoneInvalid, setPhoneInvalid] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const saving = create.isPending || update.isPending;
  const titleId = useId();

  const change = <K extends keyof AddressDraft>(field: K, value: AddressDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (typeof value === 'string' && value.trim() !== '')
      setMissing((fields) => fields.filter((other) => other !== field));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const missingNow = REQUIRED.filter((field) => draft[field].trim() === '');
    setMissing(missingNow);
    const zipBad = draft.zip.trim() !== '' && !/^\d{5}$/.test(draft.zip.trim());
    setZipInvalid(zipBad);
    const phoneBad = draft.phone.trim() !== '' && normalizePhone(draft.phone) === null;
    setPhoneInvalid(phoneBad);
    if (missingNow.length > 0 || zipBad || phoneBad) return;
    const input: AddressInput = { ...draft, line2: draft.line2.trim() || null, country: 'DE' };
    const parsed = addressInputSchema.safeParse(input);
    if (!parsed.success) {
      setFailure(t('form.save_error'));
      return;
    }
    const handlers = {
      onSuccess: onSaved,
      onError: (error: Error) =>
        setFailure(
          error instanceof ApiRequestError && error.status < 500 && error.code !== 'http_error'
            ? error.message
            : t('form.save_error'),
        ),
    };
    if (address) update.mutate({ id: address.id, input }, handlers);
    else create.mutate(input, handlers);
  };

  return (
    <form className="card checkout-form address-form" noValidate onSubmit={submit} aria-labelledby={titleId}>
      <h2 id={titleId} className="address-form-title">
        {address ? t('form.edit_title') : t('form.add_title')}
      </h2>
      {missing.length > 0 && (
        <p className="form-error" role="alert">
          {t('form.fill_all_fields')}
        </p>
      )}
      {zipInvalid && (
        <p className="form-error" role="alert">
          {t('form.zip_invalid')}
        </p>
      )}
      {phoneInvalid && (
        <p className="form-error" role="alert">
          {t('form.phone_invalid')}
        </p>
      )}
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <div className="address-form-grid">
        <Field
          label={t('form.name')}
          autoComplete="name"
          required
          maxLength={100}
          value={draft.customer_name}
          invalid={missing.includes('customer_name')}
          onChange={(event) => change('customer_name', event.target.value)}
        />
        <Field
          label={t('form.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          maxLength={PHONE_INPUT_MAX_LENGTH}
          hint={t('form.phone_hint')}
          value={draft.phone}
          invalid={missing.includes('phone') || phoneInvalid}
          onChange={(event) => {
            change('phone', event.target.value);
            setPhoneInvalid(false);
          }}
        />
        <Field
          label={t('form.line1')}
          autoComplete="address-line1"
          required
          maxLength={200}
          value={draft.line1}
          invalid={missing.includes('line1')}
          onChange={(event) => change('line1', event.target.value)}
        />
        <Field
          label={t('form.line2')}
          autoComplete="address-line2"
          optional={t('form.optional')}
          maxLength={200}
          value={draft.line2}
          onChange={(event) => change('line2', event.target.value)}
        />
        <Field
          label={t('form.zip')}
          inputMode="numeric"
          autoComplete="postal-code"
          required
          maxLength={5}
          hint={t('form.zip_hint')}
          value={draft.zip}
          invalid={missing.includes('zip') || zipInvalid}
          onChange={(event) => {
            change('zip', event.target.value.replace(/\D/g, '').slice(0, 5));
            setZipInvalid(false);
          }}
        />
        <Field
          label={t('form.city')}
          autoComplete="address-level2"
          required
          maxLength={100}
          value={draft.city}
          invalid={missing.includes('city')}
          onChange={(event) => change('city', event.target.value)}
        />
      </div>
      <label className="address-default">
        <input
          type="checkbox"
          checked={draft.is_default}
          onChange={(event) => change('is_default', event.target.checked)}
        />
        {t('form.is_default')}
      </label>
      <div className="dialog-actions">
        {onCancel && (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t('form.cancel')}
          </button>
        )}
        <button type="submit" className="button button-primary" disabled={saving} aria-busy={saving || undefined}>
          {saving ? t('form.saving') : t('form.save')}
        </button>
      </div>
    </form>
  );
}
