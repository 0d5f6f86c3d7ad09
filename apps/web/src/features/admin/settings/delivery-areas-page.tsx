import { ComingSoonPage } from '../shell/coming-soon-page.tsx';

// Issue 11: being built.
export function DeliveryAreasPage() {
  return <ComingSoonPage title="pages.delivery_areas" />;
}
