import { ComingSoonPage } from '../shell/coming-soon-page.tsx';

// Issue 11: being built.
export function DiscountPage() {
  return <ComingSoonPage title="pages.discount" />;
}
