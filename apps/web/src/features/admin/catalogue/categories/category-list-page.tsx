import { ComingSoonPage } from '../../shell/coming-soon-page.tsx';

// Issue 11: being built.
export function CategoryListPage() {
  return <ComingSoonPage title="pages.category_list" />;
}
