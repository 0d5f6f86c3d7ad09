import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addressInputSchema, formatPhone, normalizePhone, type Address, type AddressInput } from '@pizzeria/domain';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';
import { usePostcodes } from '../../delivery/index.ts';
import { useCreateAddress } from '../api/create-address.ts';
import { useUpdateAddress } from '../api/update-address.ts';
import { splitStreetLine, streetLine } from '../street-line.ts';
import {
  AddressFields,
  NameAndPhoneFields,
  isDeliveredPostcode,
  missingAddressFields,
  type AddressFieldName,
} from './address-fields.tsx';

interface AddressDraft {
  customer_name: string;
  phone: string;
  street: string;
  house_number: string;
  line2: string;
  zip: string;
  city: string;
  is_default: boolean;
}

type DraftField = 'customer_name' | 'phone' | AddressFieldName;

function draftOf(address: Address | null, contact: { name: string; phone: string }): AddressDraft {
  return address
    ? {
        customer_name: address.customer_name,
        phone: formatPhone(address.phone),
        ...splitStreetLine(address.line1),
        line2: address.line2 ?? '',
        zip: address.zip,
        city: address.city,
        is_default: address.is_default,
      }
    : {
        customer_name: contact.name,
        phone: formatPhone(contact.phone),
        street: '',
        house_number: '',
        line2: '',
        zip: '',
        city: '',
        is_default: false,
      };
}

/** The inputs' names, for focusing the first one a failed submit marks. */
const INPUT_NAME: Record<DraftField, string> = {
  customer_name: 'name',
  phone: 'phone',
  street: 'street',
  house_number: 'house_number',
  line2: 'line2',
  zip: 'zip',
  city: 'city',
};

function isAddressField(field: DraftField): field is AddressFieldName {
  return field !== 'customer_name' && field !== 'phone';
}

interface AddressFormProps {
  /** The address to edit; null adds a new one. */
  address: Address | null;
  /** Name and phone of the signed-in customer, the defaults of a new address. */
  contact: { name: string; phone: string };
  onSaved: (address: Address) => void;
  onCancel?: () => void;
}

/**
 * Adds or edits a saved address (POST / PUT /api/addresses/), checked with the API's own schema. The
 * address fields are the guest form's; the postcode is one the restaurant delivers to.
 */
export function AddressForm({ address, contact, onSaved, onCancel }: AddressFormProps) {
  const { t } = useTranslation('addresses');
  const { data: postcodes } = usePostcodes();
  const [draft, setDraft] = useState<AddressDraft>(() => draftOf(address, contact));
  const [missing, setMissing] = useState<DraftField[]>([]);
  const [phoneInvalid, setPhoneInvalid] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const saving = create.isPending || update.isPending;
  const titleId = useId();

  const change = (field: DraftField, value: string) => {
    setDraft((current) => {
      const next = { ...current, [field]: value };
      // The town comes with the delivery area, unless the customer typed another.
      if (field === 'zip') {
        const area = postcodes?.find((entry) => entry.postcode === value);
        const previousArea = postcodes?.find((entry) => entry.postcode === current.zip);
        if (area?.city && (current.city.trim() === '' || current.city === previousArea?.city)) next.city = area.city;
      }
      return next;
    });
    if (value.trim() !== '') setMissing((fields) => fields.filter((other) => other !== field));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const form = event.currentTarget;
    const missingNow: DraftField[] = [
      ...(['customer_name', 'phone'] as const).filter((field) => draft[field].trim() === ''),
      ...missingAddressFields(draft),
    ];
    const phoneBad = draft.phone.trim() !== '' && normalizePhone(draft.phone) === null;
    const zipBad = draft.zip !== '' && !isDeliveredPostcode(draft.zip, postcodes);
    setMissing(missingNow);
    setPhoneInvalid(phoneBad);
    const invalid: DraftField[] = [...missingNow];
    if (phoneBad) invalid.push('phone');
    if (zipBad) invalid.push('zip');
    if (invalid.length > 0) {
      focusFirstInvalid(
        form,
        invalid.map((field) => INPUT_NAME[field]),
      );
      return;
    }
    const input: AddressInput = {
      customer_name: draft.customer_name,
      phone: draft.phone,
      line1: streetLine(draft.street, draft.house_number),
      line2: draft.line2.trim() || null,
      zip: draft.zip,
      city: draft.city,
      country: 'DE',
      is_default: draft.is_default,
    };
    const parsed = addressInputSchema.safeParse(input);
    if (!parsed.success) {
      setFailure(t('form.save_error'));
      return;
    }
    const handlers = {
      onSuccess: onSaved,
      onError: (error: Error) => {
        const refused = error instanceof ApiRequestError && error.status < 500 && error.code !== 'http_error';
        setFailure(refused ? error.message : t('form.save_error'));
        if (refused && error.code === 'postcode_not_delivered') focusFirstInvalid(form, ['zip']);
      },
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
        <NameAndPhoneFields
          values={draft}
          labels={{ name: t('form.name'), phone: t('form.phone'), phoneHint: t('form.phone_hint') }}
          invalid={{
            customer_name: missing.includes('customer_name'),
            phone: missing.includes('phone') || phoneInvalid,
          }}
          onChange={(field, value) => {
            change(field, value);
            if (field === 'phone') setPhoneInvalid(false);
          }}
        />
      </div>
      <AddressFields values={draft} postcodes={postcodes} invalid={missing.filter(isAddressField)} onChange={change} />
      <label className="address-default">
        <input
          type="checkbox"
          checked={draft.is_default}
          onChange={(event) => setDraft((current) => ({ ...current, is_default: event.target.checked }))}
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
