import { lazy, Suspense } from 'react';

const FooterContent = lazy(() => import('./footer.tsx'));

/** The footer sits below the fold: it loads as its own chunk right after the first paint. */
export function Footer() {
  return (
    <Suspense fallback={null}>
      <FooterContent />
    </Suspense>
  );
}
