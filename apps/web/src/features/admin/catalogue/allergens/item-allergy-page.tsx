import { ComingSoonPage } from '../../shell/coming-soon-page.tsx';

// Issue 11: being built.
export function ItemAllergyPage() {
  return <ComingSoonPage title="pages.item_allergy" />;
}
