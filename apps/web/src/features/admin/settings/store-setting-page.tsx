import './register-texts.ts';
import './settings.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { StoreSettings } from '@pizzeria/domain';
import { QueryState } from '../shell/query-state.tsx';
import { useAdminTitle } from '../shell/use-admin-title.ts';
import { storeSettingsQuery } from './api/store-settings.ts';
import { ClosuresSection } from './closures-section.tsx';
import { OpeningHoursForm } from './opening-hours-form.tsx';
import { PauseSection } from './pause-section.tsx';
import { RestaurantForm } from './restaurant-form.tsx';
import { useStoreVersion } from './use-store-version.ts';

/**
 * `/store-setting`: the restaurant's details, its week, closure days, the pause and a way to the board's
 * own settings. Each section saves on its own, so a half-typed address never holds back the hours.
 */
export function StoreSettingPage() {
  const { t } = useTranslation('admin');
  const { t: tSettings } = useTranslation('adminSettings');
  useAdminTitle(t('pages.store_setting'));
  const settings = useQuery(storeSettingsQuery());

  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <div className="admin-page-head">
        <h1 id="admin-page-title">{t('pages.store_setting')}</h1>
        <p className="admin-muted">{tSettings('intro')}</p>
      </div>
      {/* Read once: the forms keep what was typed while the cache takes each saved version. */}
      {settings.data ? <SettingsForms settings={settings.data} /> : <QueryState query={settings} />}
      <ClosuresSection />
      <PauseSection />
      <BoardSettingsLink />
    </section>
  );
}

function SettingsForms({ settings }: { settings: StoreSettings }) {
  const storeVersion = useStoreVersion(settings.version);
  return (
    <>
      <RestaurantForm settings={settings} storeVersion={storeVersion} />
      <OpeningHoursForm settings={settings} storeVersion={storeVersion} />
    </>
  );
}

/** The board's own settings dialog stays on the board, where staff tune it while orders come in. */
function BoardSettingsLink() {
  const { t } = useTranslation('adminSettings');
  return (
    <section className="card settings-section" aria-labelledby="settings-board">
      <h2 id="settings-board">{t('board.heading')}</h2>
      <p className="admin-hint">{t('board.hint')}</p>
      <div>
        <Link href="/home" className="button button-secondary">
          {t('board.link')}
        </Link>
      </div>
    </section>
  );
}
