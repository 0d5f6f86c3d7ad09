import { useTranslation } from 'react-i18next';

/** Loading, or what went wrong with a way to try again. */
export function QueryState({ query }: { query: { isError: boolean; refetch: () => unknown } }) {
  const { t } = useTranslation('admin');
  if (!query.isError) return <p className="admin-muted">{t('loading')}</p>;
  return (
    <div className="admin-query-error" role="alert">
      <p>{t('generic_error')}</p>
      <button type="button" className="button button-secondary" onClick={() => void query.refetch()}>
        {t('retry')}
      </button>
    </div>
  );
}
