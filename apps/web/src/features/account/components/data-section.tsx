import { useTranslation } from 'react-i18next';
import { failureText } from '../../auth/index.ts';
import { useDownloadMyData } from '../api/download-data.ts';
import { DoneNotice } from './notice.tsx';

/** "Meine Daten herunterladen": one tap, one JSON file of everything the shop holds about the customer. */
export function DataSection() {
  const { t } = useTranslation('account');
  const download = useDownloadMyData();
  return (
    <section className="card checkout-section" aria-labelledby="account-data-title">
      <h2 id="account-data-title">{t('data.title')}</h2>
      <p className="checkout-hint">{t('data.intro')}</p>
      {download.isSuccess && <DoneNotice>{t('data.done')}</DoneNotice>}
      {download.isError && (
        <p className="form-error" role="alert">
          {failureText(download.error, { generic: t('generic_error') })}
        </p>
      )}
      <button
        type="button"
        className="button button-secondary account-start"
        disabled={download.isPending}
        onClick={() => download.mutate()}
      >
        {download.isPending ? t('data.downloading') : t('data.download')}
      </button>
    </section>
  );
}
