import { ComingSoonPage } from '../../shell/coming-soon-page.tsx';

// Issue 11: being built.
export function GroupItemPage() {
  return <ComingSoonPage title="pages.group_item" />;
}
