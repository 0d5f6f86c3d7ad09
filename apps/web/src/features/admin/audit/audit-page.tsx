import './register-texts.ts';
import './audit.css';
import { useId, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuditEntry, AuditNames } from '@pizzeria/domain';
import { QueryState } from '../shell/query-state.tsx';
import { useAdminTitle } from '../shell/use-admin-title.ts';
import { auditEntitiesQuery, auditPageQuery } from './api/get-audit.ts';
import { describeEntry, type EntryView, type Shown } from './audit-format.ts';
import { adminAuditTexts } from './locales.ts';
import { AdminPage } from '../forms/list-editor-page.tsx';
import { Labelled } from '../forms/labelled.tsx';

const PAGE_SIZE = 25;
const NO_FILTERS = { entity: '', action: '', from: '', to: '' };
type Filters = typeof NO_FILTERS;

const KNOWN_ENTITIES = Object.keys(adminAuditTexts.de.entities);
const KNOWN_ACTIONS = Object.keys(adminAuditTexts.de.actions);

/** A name the log uses, in the page's language when we know it, as the server spells it otherwise. */
function useNames() {
  const { t, i18n } = useTranslation('adminAudit');
  const known = (key: string) => i18n.exists(key, { ns: 'adminAudit' });
  return {
    entity: (name: string) => (known(`entities.${name}`) ? t(`entities.${name}` as 'entities.store') : name),
    action: (name: string) => (known(`actions.${name}`) ? t(`actions.${name}` as 'actions.create') : name),
  };
}

/** `/audit`: who changed what in the back office, filtered and paged, each with what it changed. */
export function AuditPage() {
  const { t } = useTranslation('admin');
  const { t: tAudit } = useTranslation('adminAudit');
  useAdminTitle(t('pages.audit'));
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const log = useQuery(auditPageQuery({ ...filters, page, page_size: PAGE_SIZE }));
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / log.data.page_size)) : 1;

  const filter = (change: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };

  return (
    <AdminPage title={t('pages.audit')} intro={tAudit('intro')}>
      <AuditFilters filters={filters} onChange={filter} />
      {!log.data ? (
        <QueryState query={log} />
      ) : (
        <>
          <p className="admin-muted" role="status">
            {tAudit('count', { count: log.data.total })}
          </p>
          {log.data.items.length === 0 ? (
            <p className="admin-muted">{tAudit('empty')}</p>
          ) : (
            <ol className="audit-list" aria-label={tAudit('caption')}>
              {log.data.items.map((entry) => (
                <AuditItem key={entry.id} entry={entry} names={log.data.names} />
              ))}
            </ol>
          )}
          {pages > 1 ? (
            <nav className="audit-pager" aria-label={tAudit('pages')}>
              <button
                type="button"
                className="button button-secondary"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                {tAudit('previous')}
              </button>
              <span>{tAudit('page', { page, pages })}</span>
              <button
                type="button"
                className="button button-secondary"
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
              >
                {tAudit('next')}
              </button>
            </nav>
          ) : null}
        </>
      )}
    </AdminPage>
  );
}

function AuditFilters({ filters, onChange }: { filters: Filters; onChange: (change: Partial<Filters>) => void }) {
  const { t } = useTranslation('adminAudit');
  const names = useNames();
  const entities = useQuery(auditEntitiesQuery());
  const id = useId();
  // The log's own list, or the known names while it loads (or if it cannot be read).
  const entityChoices = entities.data ?? KNOWN_ENTITIES;

  return (
    <form className="card audit-filters" aria-label={t('filters')} onSubmit={(event) => event.preventDefault()}>
      <Labelled id={`${id}-entity`} label={t('entity')}>
        <select
          id={`${id}-entity`}
          className="input"
          value={filters.entity}
          onChange={(event) => onChange({ entity: event.target.value })}
        >
          <option value="">{t('all')}</option>
          {entityChoices.map((entity) => (
            <option key={entity} value={entity}>
              {names.entity(entity)}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled id={`${id}-action`} label={t('action')}>
        <select
          id={`${id}-action`}
          className="input"
          value={filters.action}
          onChange={(event) => onChange({ action: event.target.value })}
        >
          <option value="">{t('all')}</option>
          {KNOWN_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {names.action(action)}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled id={`${id}-from`} label={t('from')}>
        <input
          id={`${id}-from`}
          className="input"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => onChange({ from: event.target.value })}
        />
      </Labelled>
      <Labelled id={`${id}-to`} label={t('to')}>
        <input
          id={`${id}-to`}
          className="input"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => onChange({ to: event.target.value })}
        />
      </Labelled>
      <div className="audit-filters-end">
        <button type="reset" className="button button-secondary" onClick={() => onChange(NO_FILTERS)}>
          {t('reset')}
        </button>
      </div>
    </form>
  );
}

function AuditItem({ entry, names }: { entry: AuditEntry; names: AuditNames | undefined }) {
  const { t, i18n } = useTranslation('adminAudit');
  const actionNames = useNames();
  const language = i18n.language === 'en' ? 'en' : 'de';
  const view = describeEntry(entry, names, language);
  const when = new Date(entry.at).toLocaleString(language === 'en' ? 'en-GB' : 'de-DE', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  return (
    <li className="card audit-item">
      <dl className="audit-facts">
        <div>
          <dt>{t('when')}</dt>
          <dd>
            <time dateTime={entry.at}>{when}</time>
          </dd>
        </div>
        <div>
          <dt>{t('who')}</dt>
          <dd>{view.who}</dd>
        </div>
        <div>
          <dt>{t('what')}</dt>
          <dd>{view.title}</dd>
        </div>
        <div>
          <dt>{t('action')}</dt>
          <dd>{actionNames.action(entry.action)}</dd>
        </div>
      </dl>
      <details className="audit-details">
        <summary aria-label={t('changes_named', { id: entry.id })}>{t('changes')}</summary>
        <AuditDiff view={view} />
      </details>
    </li>
  );
}

function AuditDiff({ view }: { view: EntryView }) {
  const { t } = useTranslation('adminAudit');
  if (view.rows.length === 0 && !view.hours) return <p className="admin-muted">{t('nothing_changed')}</p>;
  return (
    <>
      {view.rows.length > 0 ? (
        <BeforeAfterTable
          firstColumn={t('field')}
          rows={view.rows.map((row) => ({
            key: row.field,
            label: row.label,
            before: <ShownValue value={row.before} />,
            after: <ShownValue value={row.after} />,
          }))}
        />
      ) : null}
      {view.hours ? (
        <BeforeAfterTable
          caption={t('hours_heading')}
          firstColumn={t('weekday')}
          rows={view.hours.map((row) => ({ key: row.day, label: row.day, before: row.before, after: row.after }))}
        />
      ) : null}
    </>
  );
}

/** One row per field or weekday: what it was (struck through) and what it became. */
function BeforeAfterTable({
  caption,
  firstColumn,
  rows,
}: {
  caption?: string;
  firstColumn: string;
  rows: readonly { key: string; label: string; before: ReactNode; after: ReactNode }[];
}) {
  const { t } = useTranslation('adminAudit');
  return (
    <div className="admin-table-wrap">
      <table className="admin-table audit-diff">
        {caption ? <caption>{caption}</caption> : null}
        <thead>
          <tr>
            <th scope="col">{firstColumn}</th>
            <th scope="col">{t('before')}</th>
            <th scope="col">{t('after')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td>
                <del>{row.before}</del>
              </td>
              <td>
                <ins>{row.after}</ins>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A translated text shows both languages, each marked, so a change in either is seen. */
function ShownValue({ value }: { value: Shown }) {
  if ('text' in value) return value.text;
  return (
    <span className="audit-languages">
      <span lang="de">
        <abbr title="Deutsch">DE</abbr> {value.de}
      </span>
      <span lang="en">
        <abbr title="English">EN</abbr> {value.en}
      </span>
    </span>
  );
}
