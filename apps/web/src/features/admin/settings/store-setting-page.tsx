import { ComingSoonPage } from '../shell/coming-soon-page.tsx';

// Issue 11: being built.
export function StoreSettingPage() {
  return <ComingSoonPage title="pages.store_setting" />;
}
