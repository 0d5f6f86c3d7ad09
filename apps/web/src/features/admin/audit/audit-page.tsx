import { ComingSoonPage } from '../shell/coming-soon-page.tsx';

// Issue 11: being built.
export function AuditPage() {
  return <ComingSoonPage title="pages.audit" />;
}
