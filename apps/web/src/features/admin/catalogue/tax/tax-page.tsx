import { ComingSoonPage } from '../../shell/coming-soon-page.tsx';

// Issue 11: being built.
export function TaxPage() {
  return <ComingSoonPage title="pages.tax" />;
}
