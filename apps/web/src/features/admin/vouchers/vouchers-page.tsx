import '../settings/settings.css';
import './register-texts.ts';
import './vouchers.css';
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminVoucher, AdminVouchers } from '@pizzeria/domain';
import { failureText } from '../../auth/index.ts';
import { AdminApiError } from '../forms/api-errors.ts';
import { ConfirmArchiveDialog } from '../forms/confirm-archive-dialog.tsx';
import { AdminPage, FailureLine, Rows, StatusLine } from '../forms/list-editor-page.tsx';
import { Switch } from '../forms/switch.tsx';
import { useAdminTitle } from '../shell/use-admin-title.ts';
import { useRemoveVoucher, useSaveVoucherSettings, useToggleVoucher, vouchersQuery } from './api/vouchers.ts';
import { VoucherDialog } from './voucher-dialog.tsx';
import { useVoucherTerms } from './voucher-terms.ts';

/** Which dialog is open: none, a new voucher, or the voucher with this id. */
type Editing = null | 'new' | number;

/**
 * `/vouchers` ("Gutscheine"): the codes customers enter in the cart or at checkout, each with its value,
 * conditions and uses, switched on and off in the list; a dialog adds or edits one; removing asks first.
 * Above them the store's one setting: whether a voucher adds to the delivery/pickup discount.
 */
export function VouchersPage() {
  const { t } = useTranslation('admin');
  const { t: tVouchers } = useTranslation('adminVouchers');
  useAdminTitle(t('pages.vouchers'));
  const vouchers = useQuery(vouchersQuery());
  const toggle = useToggleVoucher();
  const remove = useRemoveVoucher();
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<AdminVoucher | null>(null);
  const [status, setStatus] = useState('');
  const list = vouchers.data?.vouchers;
  const edited = typeof editing === 'number' ? (list?.find((voucher) => voucher.id === editing) ?? null) : null;
  const failure = toggle.error;

  return (
    <AdminPage title={t('pages.vouchers')} intro={tVouchers('intro')}>
      {vouchers.data ? <CombineSetting data={vouchers.data} onStatus={setStatus} /> : null}
      <div>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            setStatus('');
            setEditing('new');
          }}
        >
          {tVouchers('add')}
        </button>
      </div>
      {editing === 'new' || edited ? (
        <VoucherDialog
          key={editing}
          voucher={edited}
          onSaved={(saved, created) => {
            setEditing(null);
            setStatus(tVouchers(created ? 'created' : 'saved', { code: saved.code }));
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {removing ? (
        <ConfirmArchiveDialog
          open
          onClose={() => setRemoving(null)}
          title={tVouchers('remove_title', { code: removing.code })}
          text={tVouchers('remove_text')}
          confirm={tVouchers('remove_named', { code: removing.code })}
          onConfirm={() =>
            remove.mutateAsync(removing).then(() => setStatus(tVouchers('removed', { code: removing.code })))
          }
        />
      ) : null}
      <StatusLine status={status} />
      <FailureLine failure={failure ? failureText(failure, { generic: t('generic_error') }) : null} />
      <Rows rows={{ data: list, isError: vouchers.isError, refetch: vouchers.refetch }} empty={tVouchers('empty')}>
        {(rows) => (
          <VouchersTable
            vouchers={rows}
            busy={toggle.isPending || remove.isPending}
            onEdit={(voucher) => {
              setStatus('');
              setEditing(voucher.id);
            }}
            onToggle={(voucher) => {
              setStatus('');
              toggle.mutate(voucher);
            }}
            onRemove={(voucher) => {
              setStatus('');
              setRemoving(voucher);
            }}
          />
        )}
      </Rows>
    </AdminPage>
  );
}

/**
 * "Gutscheine mit dem Liefer-/Abholrabatt kombinieren": saved at once with the store's version; a
 * version someone else saved meanwhile is said in words and the setting read again.
 */
function CombineSetting({ data, onStatus }: { data: AdminVouchers; onStatus: (status: string) => void }) {
  const { t } = useTranslation('adminVouchers');
  const { t: tAdmin } = useTranslation('admin');
  const save = useSaveVoucherSettings();
  const hintId = useId();
  const on = data.combine_with_discount;
  const error = save.error;
  const message = !error
    ? null
    : error instanceof AdminApiError && error.code === 'version_conflict'
      ? t('setting.conflict')
      : failureText(error, { generic: tAdmin('generic_error') });
  return (
    <section className="card settings-section" aria-labelledby="voucher-setting-title">
      <h2 id="voucher-setting-title">{t('setting.title')}</h2>
      <div>
        <Switch
          checked={on}
          disabled={save.isPending}
          describedBy={hintId}
          onToggle={() =>
            save.mutate(
              { combine_with_discount: !on, version: data.store_version },
              { onSuccess: () => onStatus(t(on ? 'setting.saved_off' : 'setting.saved_on')) },
            )
          }
        >
          {t('setting.label')}
        </Switch>
      </div>
      <p id={hintId} className="admin-hint">
        {on ? t('setting.on_hint') : t('setting.off_hint')}
      </p>
      {message ? (
        <p className="form-error" role="alert">
          {message}
        </p>
      ) : null}
    </section>
  );
}

function VouchersTable({
  vouchers,
  busy,
  onEdit,
  onToggle,
  onRemove,
}: {
  vouchers: readonly AdminVoucher[];
  busy: boolean;
  onEdit: (voucher: AdminVoucher) => void;
  onToggle: (voucher: AdminVoucher) => void;
  onRemove: (voucher: AdminVoucher) => void;
}) {
  const { t } = useTranslation('adminVouchers');
  const terms = useVoucherTerms();
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table-cards vouchers-table">
        <caption className="sr-only">{t('caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('code')}</th>
            <th scope="col" className="admin-num">
              {t('value')}
            </th>
            <th scope="col">{t('conditions')}</th>
            <th scope="col" className="admin-num">
              {t('uses')}
            </th>
            <th scope="col">{t('active')}</th>
            <th scope="col">{t('actions')}</th>
          </tr>
        </thead>
        <tbody>
          {vouchers.map((voucher) => {
            const conditions = terms.conditions(voucher);
            const names = { code: voucher.code };
            return (
              <tr key={voucher.id} data-inactive={!voucher.active || undefined}>
                <th scope="row" data-label={t('code')} className="vouchers-code">
                  {voucher.code}
                </th>
                <td className="admin-num" data-label={t('value')}>
                  {terms.value(voucher)}
                </td>
                <td data-label={t('conditions')}>
                  {conditions.length > 0 ? (
                    <ul className="vouchers-conditions">
                      {conditions.map((condition) => (
                        <li key={condition}>{condition}</li>
                      ))}
                    </ul>
                  ) : (
                    <span className="admin-muted">{t('no_conditions')}</span>
                  )}
                </td>
                <td className="admin-num" data-label={t('uses')}>
                  {terms.uses(voucher)}
                </td>
                <td data-label={t('active')}>
                  <Switch checked={voucher.active} disabled={busy} onToggle={() => onToggle(voucher)}>
                    <span className="sr-only">{t('active_named', names)}</span>
                    <span aria-hidden="true">{voucher.active ? t('on') : t('off')}</span>
                  </Switch>
                </td>
                <td>
                  <div className="settings-row-actions vouchers-actions">
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={t('edit_named', names)}
                      onClick={() => onEdit(voucher)}
                    >
                      {t('edit')}
                    </button>
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={t('remove_named', names)}
                      disabled={busy}
                      onClick={() => onRemove(voucher)}
                    >
                      {t('remove')}
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
