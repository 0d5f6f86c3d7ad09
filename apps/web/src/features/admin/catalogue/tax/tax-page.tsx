import './register-texts.ts';
import './tax.css';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffRoleAllows, type AdminTaxRate } from '@pizzeria/domain';
import { failureText } from '../../../auth/index.ts';
import { AdminPage, FailureLine, Rows, StatusLine } from '../../forms/list-editor-page.tsx';
import { useAdminTitle } from '../../shell/use-admin-title.ts';
import { useStaffRole } from '../../auth/staff-session.ts';
import { ConfirmArchiveDialog } from '../../forms/confirm-archive-dialog.tsx';
import { taxRatesQuery } from '../queries.ts';
import { useArchiveTaxRate } from './api/archive-tax-rate.ts';
import { TaxRateForm } from './tax-rate-form.tsx';

/**
 * `/admin/tax`: the VAT rates (seeded: 7 % food, 19 % drinks), how many products use each, and adding,
 * renaming, changing (for new orders only) and archiving one no product uses. Only the owner changes
 * them; a shift manager reads them, with a line saying who may change them.
 */
export function TaxPage() {
  const { t } = useTranslation('admin');
  const { t: tTax } = useTranslation('adminTax');
  useAdminTitle(t('pages.tax'));
  const rates = useQuery(taxRatesQuery());
  const archive = useArchiveTaxRate();
  const [status, setStatus] = useState('');
  // A saved "add" form would go on editing the new rate; a fresh one (new key) is ready for the next.
  const [round, setRound] = useState(0);
  const mayEdit = staffRoleAllows(useStaffRole(), 'owner');

  const archiveRate = (rate: AdminTaxRate) => {
    setStatus('');
    archive.mutate(rate, { onSuccess: () => setStatus(tTax('archived_named', { name: rate.name })) });
  };

  return (
    <AdminPage title={t('pages.tax')} intro={tTax('intro')}>
      <p className="tax-note">{tTax('new_orders_only')}</p>
      {mayEdit ? null : <p className="admin-muted">{tTax('owner_only')}</p>}
      <StatusLine status={status} />
      <section className="card tax-section" aria-labelledby="tax-rates-title">
        <h2 id="tax-rates-title">{tTax('rates')}</h2>
        <FailureLine
          failure={archive.isError ? failureText(archive.error, { generic: tTax('archive_failed') }) : null}
        />
        <Rows rows={rates} empty={tTax('empty')}>
          {(list) => (
            <ul className="tax-list">
              {list.map((rate) => (
                <TaxRateItem
                  key={rate.id}
                  rate={rate}
                  mayEdit={mayEdit}
                  archiving={archive.isPending}
                  onArchive={() => archiveRate(rate)}
                />
              ))}
            </ul>
          )}
        </Rows>
      </section>
      {mayEdit ? (
        <section className="card tax-section" aria-labelledby="tax-add-title">
          <h2 id="tax-add-title">{tTax('add')}</h2>
          <TaxRateForm
            key={round}
            rate={null}
            title={tTax('add')}
            onSaved={(rate) => {
              setRound((current) => current + 1);
              setStatus(tTax('added_named', { name: rate.name }));
            }}
          />
        </section>
      ) : null}
    </AdminPage>
  );
}

function usePercent() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'de-DE', { maximumFractionDigits: 2 });
  return (value: number) => `${format.format(value)} %`;
}

function TaxRateItem({
  rate,
  mayEdit,
  archiving,
  onArchive,
}: {
  rate: AdminTaxRate;
  mayEdit: boolean;
  archiving: boolean;
  onArchive: () => void;
}) {
  const { t } = useTranslation('adminTax');
  const percent = usePercent();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const blockedId = useId();
  const inUse = rate.product_count > 0;
  return (
    <li className="tax-item">
      <div className="tax-row">
        <span className="tax-percentage">{percent(rate.percentage)}</span>
        <div className="tax-names">
          <span className="tax-name">{rate.name}</span>
          <span className="admin-muted">{inUse ? t('used_by', { count: rate.product_count }) : t('unused')}</span>
        </div>
        {mayEdit ? (
          <div className="admin-actions">
            <button
              ref={editButton}
              type="button"
              className="button button-secondary"
              aria-label={t('edit_named', { name: rate.name })}
              aria-expanded={editing}
              aria-controls={editing ? formId : undefined}
              disabled={editing}
              onClick={() => setEditing(true)}
            >
              {t('edit')}
            </button>
            <ConfirmArchiveDialog
              trigger={{
                label: t('archive'),
                accessibleLabel: t('archive_named', { name: rate.name }),
                disabled: inUse || archiving,
                describedBy: inUse ? blockedId : undefined,
              }}
              title={t('archive_title', { name: rate.name })}
              text={t('archive_text')}
              confirm={t('archive_confirm')}
              onConfirm={onArchive}
            />
          </div>
        ) : null}
      </div>
      {inUse && mayEdit ? (
        <p id={blockedId} className="admin-hint">
          {t('archive_blocked', { count: rate.product_count })}
        </p>
      ) : null}
      {editing ? (
        <TaxRateForm
          id={formId}
          rate={rate}
          title={t('edit_named', { name: rate.name })}
          onClose={() => {
            setEditing(false);
            // The button that opened the form takes the focus back, so the keyboard stays in the list.
            requestAnimationFrame(() => editButton.current?.focus());
          }}
        />
      ) : null}
    </li>
  );
}
