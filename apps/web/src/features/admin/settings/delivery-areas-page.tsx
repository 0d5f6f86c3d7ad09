import './register-texts.ts';
import './settings.css';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DeliveryArea } from '@pizzeria/domain';
import { failureText } from '../../auth/index.ts';
import { confirmLeave } from '../forms/unsaved-changes.ts';
import { AdminPage, FailureLine, Rows, StatusLine } from '../forms/list-editor-page.tsx';
import { useAdminTitle } from '../shell/use-admin-title.ts';
import { deliveryAreasQuery, useRemoveDeliveryArea, useToggleHidden } from './api/delivery-areas.ts';
import { DeliveryAreaForm } from './delivery-area-form.tsx';

/** Which form is open: none, a new area, or the area with this id. */
type Editing = null | 'new' | number;

/**
 * `/delivery-areas`: where the restaurant delivers, with fee, minimum order and time. One form above
 * the table adds or edits; hiding keeps an area but takes it out of the shop; removing asks first.
 */
export function DeliveryAreasPage() {
  const { t } = useTranslation('admin');
  const { t: tSettings } = useTranslation('adminSettings');
  useAdminTitle(t('pages.delivery_areas'));
  const areas = useQuery(deliveryAreasQuery());
  const toggle = useToggleHidden();
  const remove = useRemoveDeliveryArea();
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<DeliveryArea | null>(null);
  const [status, setStatus] = useState('');
  const editedArea = typeof editing === 'number' ? (areas.data?.find((area) => area.id === editing) ?? null) : null;
  const failure = toggle.error ?? remove.error;

  const open = (next: Editing) => {
    if (editing !== null && !confirmLeave()) return;
    setStatus('');
    setEditing(next);
  };

  return (
    <AdminPage title={t('pages.delivery_areas')} intro={tSettings('areas.intro')}>
      <div>
        <button type="button" className="button button-primary" onClick={() => open('new')}>
          {tSettings('areas.add')}
        </button>
      </div>
      {editing === 'new' || editedArea ? (
        <DeliveryAreaForm
          key={editing}
          area={editedArea}
          onSaved={(saved) => {
            setEditing(null);
            setStatus(tSettings('areas.saved', { postcode: saved.postcode, city: saved.city }));
          }}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {confirming ? (
        <div className="card settings-confirm" role="alertdialog" aria-labelledby="area-confirm-heading">
          <h2 id="area-confirm-heading">{tSettings('areas.confirm_heading')}</h2>
          <p>{tSettings('areas.confirm_remove', { postcode: confirming.postcode, city: confirming.city })}</p>
          <div className="admin-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(confirming, {
                  onSuccess: () => setStatus(tSettings('areas.removed', { postcode: confirming.postcode })),
                  onSettled: () => setConfirming(null),
                })
              }
            >
              {tSettings('areas.remove_named', { postcode: confirming.postcode, city: confirming.city })}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setConfirming(null)}>
              {tSettings('areas.cancel')}
            </button>
          </div>
        </div>
      ) : null}
      <StatusLine status={status} />
      <FailureLine failure={failure ? failureText(failure, { generic: t('generic_error') }) : null} />
      <Rows rows={areas} empty={tSettings('areas.empty')}>
        {(rows) => (
          <AreasTable
            areas={rows}
            busy={toggle.isPending || remove.isPending}
            onEdit={(area) => open(area.id)}
            onToggle={(area) => {
              setStatus('');
              toggle.mutate(area);
            }}
            onRemove={(area) => {
              setStatus('');
              setConfirming(area);
            }}
          />
        )}
      </Rows>
    </AdminPage>
  );
}

function AreasTable({
  areas,
  busy,
  onEdit,
  onToggle,
  onRemove,
}: {
  areas: readonly DeliveryArea[];
  busy: boolean;
  onEdit: (area: DeliveryArea) => void;
  onToggle: (area: DeliveryArea) => void;
  onRemove: (area: DeliveryArea) => void;
}) {
  const { t, i18n } = useTranslation('adminSettings');
  const money = new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'de-DE', {
    style: 'currency',
    currency: 'EUR',
  });
  const sorted = [...areas].sort((a, b) => a.postcode.localeCompare(b.postcode));
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table-cards settings-areas">
        <caption className="sr-only">{t('areas.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('areas.postcode')}</th>
            <th scope="col">{t('areas.city')}</th>
            <th scope="col" className="admin-num">
              {t('areas.delivery_fee')}
            </th>
            <th scope="col" className="admin-num">
              {t('areas.minimum_order_amount')}
            </th>
            <th scope="col" className="admin-num">
              {t('areas.delivery_time_short')}
            </th>
            <th scope="col">{t('areas.status')}</th>
            <th scope="col">{t('areas.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((area) => {
            const names = { postcode: area.postcode, city: area.city };
            return (
              <tr key={area.id}>
                <th scope="row" data-label={t('areas.postcode')}>
                  {area.postcode}
                </th>
                <td data-label={t('areas.city')}>{area.city}</td>
                <td className="admin-num" data-label={t('areas.delivery_fee')}>
                  {money.format(area.delivery_fee)}
                </td>
                <td className="admin-num" data-label={t('areas.minimum_order_amount')}>
                  {money.format(area.minimum_order_amount)}
                </td>
                <td className="admin-num" data-label={t('areas.delivery_time_short')}>
                  {t('areas.minutes', { count: area.delivery_time })}
                </td>
                <td data-label={t('areas.status')}>
                  <span className="admin-status" data-hidden={area.hidden}>
                    {area.hidden ? t('areas.hidden_badge') : t('areas.visible_badge')}
                  </span>
                </td>
                <td className="settings-row-actions">
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={t('areas.edit_named', names)}
                    onClick={() => onEdit(area)}
                  >
                    {t('areas.edit')}
                  </button>
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={t(area.hidden ? 'areas.show_named' : 'areas.hide_named', names)}
                    disabled={busy}
                    onClick={() => onToggle(area)}
                  >
                    {area.hidden ? t('areas.show') : t('areas.hide')}
                  </button>
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={t('areas.remove_named', names)}
                    disabled={busy}
                    onClick={() => onRemove(area)}
                  >
                    {t('areas.remove')}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
