import { ComingSoonPage } from '../../shell/coming-soon-page.tsx';

// Issue 11: being built.
export function MenuOrderPage() {
  return <ComingSoonPage title="pages.categories_page" />;
}
