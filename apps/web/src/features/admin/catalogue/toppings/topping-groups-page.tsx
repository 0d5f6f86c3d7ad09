import { ComingSoonPage } from '../../shell/coming-soon-page.tsx';

// Issue 11: being built.
export function ToppingGroupsPage() {
  return <ComingSoonPage title="pages.topping_groups" />;
}
