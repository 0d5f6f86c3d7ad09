import { ComingSoonPage } from '../../shell/coming-soon-page.tsx';

// Issue 11: being built.
export function ProductGroupsPage() {
  return <ComingSoonPage title="pages.product_groups" />;
}
