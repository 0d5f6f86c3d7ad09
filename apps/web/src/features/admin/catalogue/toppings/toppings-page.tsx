import { ComingSoonPage } from '../../shell/coming-soon-page.tsx';

// Issue 11: being built.
export function ToppingsPage() {
  return <ComingSoonPage title="pages.toppings" />;
}
