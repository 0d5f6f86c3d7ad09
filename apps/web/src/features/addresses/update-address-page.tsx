import '../../styles/order-pages.css';
import './addresses.css';
import './register-texts.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { formatPhone, type Address } from '@pizzeria/domain';
import { usePageTitle } from '../../lib/page-title.ts';
import { useDelivery, usePostcodes } from '../delivery/index.ts';
import { LoadingScreen } from '../../lib/loading-screen.tsx';
import { useSession } from '../session/index.ts';
import { useDeleteAddress } from './api/delete-address.ts';
import { useAddresses } from './api/get-addresses.ts';
import { AddressForm } from './components/address-form.tsx';
import { DeleteAddressDialog } from './components/delete-address-dialog.tsx';

/** The checkout's arrival marker (checkout/checkout-arrival.ts), set in the history entry's state. */
interface CheckoutArrivalState {
  checkoutFrom: 'update-address';
  addressId: number;
}

/** `/update-address` (docs/product/shop.md): signed-in customers only; anyone else logs in first and comes back. */
export default function UpdateAddressRoute() {
  const session = useSession();
  if (session.loading) return <LoadingScreen variant="page" />;
  if (!session.user) return <Redirect to="/login/update-address" replace />;
  return <UpdateAddressPage contact={{ name: session.user.customer_name, phone: session.user.phone ?? '' }} />;
}

type Editing = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; address: Address };

export function UpdateAddressPage({ contact }: { contact: { name: string; phone: string } }) {
  const { t } = useTranslation('addresses');
  usePageTitle(t('page_title'));
  const [, navigate] = useLocation();
  const addresses = useAddresses();
  const { data: postcodes } = usePostcodes();
  const orderType = useDelivery((state) => state.orderType);
  const setPostcode = useDelivery((state) => state.setPostcode);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [chooseFirst, setChooseFirst] = useState(false);
  const remove = useDeleteAddress();
  const delivery = orderType === 'delivery';

  if (addresses.isPending) return <LoadingScreen variant="page" />;
  const list = addresses.data ?? [];
  const fallback = list.find((address) => address.is_default) ?? list[0] ?? null;
  const chosen = list.find((address) => address.id === chosenId) ?? fallback;
  const postcodeEntry = chosen ? postcodes?.find((entry) => entry.postcode === chosen.zip) : undefined;
  const notDelivered = delivery && chosen !== null && postcodes !== undefined && !postcodeEntry;
  const showForm = editing.kind !== 'none' || (!addresses.isError && list.length === 0);

  const proceed = () => {
    if (!chosen) {
      setChooseFirst(true);
      return;
    }
    if (notDelivered) return;
    if (delivery && postcodeEntry) setPostcode(postcodeEntry);
    const arrival: CheckoutArrivalState = { checkoutFrom: 'update-address', addressId: chosen.id };
    navigate('/checkout', { state: arrival });
  };

  return (
    <div className="container page checkout-page">
      <div className="checkout-narrow">
        <header className="checkout-hero">
          <h1>{delivery ? t('title') : t('title_pickup')}</h1>
          <p className="checkout-intro">{delivery ? t('intro') : t('intro_pickup')}</p>
        </header>
        {addresses.isError ? (
          <div className="checkout-time-error">
            <p className="form-error" role="alert">
              {t('load_error')}
            </p>
            <button type="button" className="button button-secondary" onClick={() => void addresses.refetch()}>
              {t('retry')}
            </button>
          </div>
        ) : list.length > 0 ? (
          <fieldset className="checkout-choices address-list">
            <legend className="sr-only">{t('list_label')}</legend>
            {list.map((address) =>
              editing.kind === 'edit' && editing.address.id === address.id ? null : (
                <div key={address.id} className="checkout-choice address-choice">
                  <label className="checkout-choice-row">
                    <input
                      type="radio"
                      name="address"
                      value={address.id}
                      checked={chosen?.id === address.id}
                      onChange={() => {
                        setChosenId(address.id);
                        setChooseFirst(false);
                      }}
                    />
                    <span className="checkout-choice-text">
                      <span className="checkout-choice-title">
                        {address.line1}
                        {address.line2 ? `, ${address.line2}` : ''}
                        {address.is_default && <span className="checkout-badge">{t('default_badge')}</span>}
                      </span>
                      <span className="checkout-hint">
                        {address.zip} {address.city} · {address.customer_name} · {formatPhone(address.phone)}
                      </span>
                    </span>
                  </label>
                  <div className="address-actions">
                    <button
                      type="button"
                      className="link-button"
                      aria-label={t('edit_label', { line1: address.line1 })}
                      onClick={() => setEditing({ kind: 'edit', address })}
                    >
                      {t('edit')}
                    </button>
                    <DeleteAddressDialog
                      address={address}
                      disabled={remove.isPending}
                      onConfirm={() =>
                        remove.mutate(address.id, {
                          onSuccess: () => {
                            if (chosenId === address.id) setChosenId(null);
                          },
                        })
                      }
                    />
                  </div>
                </div>
              ),
            )}
          </fieldset>
        ) : (
          <p className="checkout-hint">{t('empty')}</p>
        )}
        {showForm ? (
          <AddressForm
            key={editing.kind === 'edit' ? editing.address.id : 'new'}
            address={editing.kind === 'edit' ? editing.address : null}
            contact={contact}
            onSaved={(saved) => {
              setChosenId(saved.id);
              setEditing({ kind: 'none' });
              setChooseFirst(false);
            }}
            onCancel={list.length > 0 ? () => setEditing({ kind: 'none' }) : undefined}
          />
        ) : (
          <button
            type="button"
            className="button button-secondary address-add"
            onClick={() => setEditing({ kind: 'add' })}
          >
            {t('add')}
          </button>
        )}
        {remove.isError && (
          <p className="form-error" role="alert">
            {t('delete_error')}
          </p>
        )}
        {notDelivered && chosen && (
          <p className="form-error" role="alert">
            {t('not_delivered', { zip: chosen.zip })}
          </p>
        )}
        {chooseFirst && (
          <p className="form-error" role="alert">
            {t('choose_first')}
          </p>
        )}
        {list.length > 0 && editing.kind === 'none' && (
          <button
            type="button"
            className="button button-primary button-block"
            disabled={notDelivered}
            onClick={proceed}
          >
            {t('continue')}
          </button>
        )}
      </div>
    </div>
  );
}
