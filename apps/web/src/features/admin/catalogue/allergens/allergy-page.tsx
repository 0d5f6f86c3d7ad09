import { ComingSoonPage } from '../../shell/coming-soon-page.tsx';

// Issue 11: being built.
export function AllergyPage() {
  return <ComingSoonPage title="pages.allergy" />;
}
