import './register-texts.ts';
import './settings.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STORE_ID, boardSettingsSchema, type StoreSettings } from '@pizzeria/domain';
import { staffRequest } from '../auth/staff-session.ts';
import { BOARD_SETTINGS_QUERY_KEY, BoardSettingsDialog } from '../board/board-settings-dialog.tsx';
import { QueryState } from '../shell/query-state.tsx';
import { useAdminTitle } from '../shell/use-admin-title.ts';
import { storeSettingsQuery } from './api/store-settings.ts';
import { ClosuresSection } from './closures-section.tsx';
import { OpeningHoursForm } from './opening-hours-form.tsx';
import { PauseSection } from './pause-section.tsx';
import { RestaurantForm } from './restaurant-form.tsx';
import { useStoreVersion } from './use-store-version.ts';
import { AdminPage } from '../forms/list-editor-page.tsx';

/**
 * `/store-setting`: the restaurant's details, its week, closure days, the pause and the board's
 * own settings. Each section saves on its own, so a half-typed address never holds back the hours.
 */
export function StoreSettingPage() {
  const { t } = useTranslation('admin');
  const { t: tSettings } = useTranslation('adminSettings');
  useAdminTitle(t('pages.store_setting'));
  const settings = useQuery(storeSettingsQuery());

  return (
    <AdminPage title={t('pages.store_setting')} intro={tSettings('intro')}>
      {/* Read once: the forms keep what was typed while the cache takes each saved version. */}
      {settings.data ? <SettingsForms settings={settings.data} /> : <QueryState query={settings} />}
      <ClosuresSection />
      <PauseSection />
      <BoardSettingsSection />
    </AdminPage>
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

/** The board's settings, in the same dialog the board opens. */
function BoardSettingsSection() {
  const { t } = useTranslation('adminSettings');
  const settings = useQuery({
    queryKey: BOARD_SETTINGS_QUERY_KEY,
    queryFn: () => staffRequest(`/admin/stores/${STORE_ID}/board-settings`, boardSettingsSchema),
  });
  return (
    <section className="card settings-section" aria-labelledby="settings-board">
      <h2 id="settings-board">{t('board.heading')}</h2>
      <p className="admin-hint">{t('board.hint')}</p>
      {settings.data ? (
        <>
          <ul className="settings-board-summary">
            <li>
              {settings.data.auto_pause_enabled
                ? t('board.auto_pause', { minutes: settings.data.auto_pause_after_minutes })
                : t('board.auto_pause_off')}
            </li>
            <li>{t('board.auto_reject', { minutes: settings.data.auto_reject_after_minutes })}</li>
            <li>{settings.data.print_on_accept ? t('board.print_on') : t('board.print_off')}</li>
          </ul>
          <div>
            <BoardSettingsDialog settings={settings.data} />
          </div>
        </>
      ) : (
        <QueryState query={settings} />
      )}
    </section>
  );
}
