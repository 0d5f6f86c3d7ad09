import { ComingSoonPage } from '../../shell/coming-soon-page.tsx';

// Issue 11: being built.
export function ProductsListPage() {
  return <ComingSoonPage title="pages.products_list" />;
}
