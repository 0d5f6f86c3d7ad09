import '../../styles/order-pages.css';
import './register-texts.ts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { emailSchema, formatPhone, normalizePhone } from '@pizzeria/domain';
import { focusFirstInvalid } from '../../lib/focus-first-invalid.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { AddressFields, NameAndPhoneFields, TextField, type AddressFieldName } from '../addresses/index.ts';
import { useCart } from '../cart/index.ts';
import { useDelivery, usePostcodes } from '../delivery/index.ts';
import { useGuestDetails, type GuestDetails } from './guest-details-store.ts';
import type { CheckoutArrival } from './checkout-arrival.ts';

type RequiredField = 'customer_name' | 'phone' | 'street' | 'house_number' | 'postcode';

/**
 * The fields a guest must fill (docs/product/shop.md): a pickup needs only the name and the phone; a
 * delivery also the street, the house number and the postcode.
 */
export function missingGuestFields(details: GuestDetails, delivery: boolean): RequiredField[] {
  const required: RequiredField[] = delivery
    ? ['customer_name', 'phone', 'street', 'house_number', 'postcode']
    : ['customer_name', 'phone'];
  return required.filter((field) => details[field].trim() === '');
}

/** The inputs' names, for focusing the first one a failed submit marks. */
const INPUT_NAME: Record<RequiredField | 'email', string> = {
  customer_name: 'name',
  phone: 'phone',
  email: 'email',
  street: 'street',
  house_number: 'house_number',
  postcode: 'zip',
};

/** The shared address field each missing detail marks. */
const ADDRESS_FIELD_OF: Partial<Record<RequiredField, AddressFieldName>> = {
  street: 'street',
  house_number: 'house_number',
  postcode: 'zip',
};

/** The guest's detail each shared address field edits (the postcode is `zip` there). */
const ADDRESS_FIELD: Partial<Record<AddressFieldName, keyof GuestDetails>> = {
  street: 'street',
  house_number: 'house_number',
  line2: 'line2',
  zip: 'postcode',
};

/** Leaves a screen the way the browser's back button would, or to the menu when there is no way back. */
export function goBack(navigate: (to: string) => void): void {
  if (window.history.length > 1) window.history.back();
  else navigate('/');
}

/** `/guest-login` (docs/product/shop.md): the guest's contact and address, then on to the checkout. */
export default function GuestLoginPage() {
  const { t } = useTranslation('checkout');
  usePageTitle(t('guest.page_title'));
  const [, navigate] = useLocation();
  const items = useCart((state) => state.items);
  const orderType = useDelivery((state) => state.orderType);
  const chosenPostcode = useDelivery((state) => state.postcode);
  const setPostcode = useDelivery((state) => state.setPostcode);
  const details = useGuestDetails((state) => state.details);
  const update = useGuestDetails((state) => state.update);
  const { data: postcodes } = usePostcodes();
  const delivery = orderType === 'delivery';
  const [missing, setMissing] = useState<RequiredField[]>([]);
  const [emailError, setEmailError] = useState(false);
  const [phoneError, setPhoneError] = useState(false);
  const emptyHandled = useRef(false);

  // docs/product/shop.md: the guest form with an empty cart alerts and goes back.
  useEffect(() => {
    if (items.length > 0 || emptyHandled.current) return;
    emptyHandled.current = true;
    window.alert(t('cart_empty'));
    goBack(navigate);
  }, [items.length, navigate, t]);

  // The postcode chosen in the shop is the form's default (`delivery_postcode`).
  const postcodeValue = details.postcode || chosenPostcode?.postcode || '';

  const change = (field: keyof GuestDetails, value: string) => {
    update({ [field]: value });
    if (missing.includes(field as RequiredField) && value.trim() !== '') {
      setMissing((fields) => fields.filter((other) => other !== field));
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (items.length === 0) {
      window.alert(t('cart_empty'));
      goBack(navigate);
      return;
    }
    const current = { ...details, postcode: postcodeValue };
    const missingNow = missingGuestFields(current, delivery);
    const emailBad = current.email.trim() !== '' && !emailSchema.safeParse(current.email).success;
    const phone = normalizePhone(current.phone);
    const phoneBad = current.phone.trim() !== '' && phone === null;
    const entry = delivery ? postcodes?.find((candidate) => candidate.postcode === current.postcode) : undefined;
    const postcodeBad = delivery && current.postcode !== '' && !entry;
    const invalid: (RequiredField | 'email')[] = [...missingNow];
    if (phoneBad) invalid.push('phone');
    if (emailBad) invalid.push('email');
    if (postcodeBad) invalid.push('postcode');
    setMissing(postcodeBad ? [...missingNow, 'postcode'] : missingNow);
    setEmailError(emailBad);
    setPhoneError(phoneBad);
    if (invalid.length > 0 || phone === null) {
      focusFirstInvalid(
        event.currentTarget,
        invalid.map((field) => INPUT_NAME[field]),
      );
      return;
    }
    if (entry) setPostcode(entry);
    // Shown back as people read it ("0170 1234567"); the server stores it in E.164.
    update({ postcode: current.postcode, phone: formatPhone(phone) });
    const arrival: CheckoutArrival = { checkoutFrom: 'guest-login' };
    navigate('/checkout', { state: arrival });
  };

  const isMissing = (field: RequiredField) => missing.includes(field);

  return (
    <div className="container page checkout-page">
      <div className="checkout-narrow">
        <header className="checkout-hero">
          <h1>{t('guest.title')}</h1>
          <p className="checkout-intro">{delivery ? t('guest.intro') : t('guest.intro_pickup')}</p>
        </header>
        <form className="card checkout-form" noValidate onSubmit={submit} aria-label={t('guest.title')}>
          {missing.length > 0 && (
            <p className="form-error" role="alert">
              {t('guest.fill_all_fields')}
            </p>
          )}
          <fieldset className="checkout-fieldset">
            <legend>{t('guest.contact_section')}</legend>
            <NameAndPhoneFields
              values={details}
              labels={{ name: t('guest.name'), phone: t('guest.phone'), phoneHint: t('guest.phone_hint') }}
              invalid={{ customer_name: isMissing('customer_name'), phone: isMissing('phone') }}
              phoneError={phoneError ? t('guest.phone_invalid') : null}
              onChange={(field, value) => {
                change(field, value);
                if (field === 'phone') setPhoneError(false);
              }}
            />
            <TextField
              label={t('guest.email')}
              name="email"
              type="email"
              autoComplete="email"
              optional
              maxLength={254}
              hint={t('guest.email_hint')}
              error={emailError ? t('guest.email_invalid') : null}
              value={details.email}
              onChange={(event) => {
                change('email', event.target.value);
                setEmailError(false);
              }}
            />
          </fieldset>
          {delivery && (
            <fieldset className="checkout-fieldset">
              <legend>{t('guest.delivery_section')}</legend>
              <AddressFields
                values={{
                  street: details.street,
                  house_number: details.house_number,
                  line2: details.line2,
                  zip: postcodeValue,
                }}
                postcodes={postcodes}
                invalid={missing.flatMap((field) => ADDRESS_FIELD_OF[field] ?? [])}
                onChange={(field, value) => {
                  const detail = ADDRESS_FIELD[field];
                  if (detail) change(detail, value);
                }}
              />
            </fieldset>
          )}
          <button type="submit" className="button button-primary button-block">
            {t('guest.submit')}
          </button>
          <p className="checkout-login-hint">
            {t('guest.login_hint')} <Link href="/login/update-address">{t('guest.login_link')}</Link>
          </p>
        </form>
      </div>
    </div>
  );
}
