import { Suspense, type ReactNode } from 'react';
import { PostcodePickerHost } from '../features/delivery/index.ts';
import { Footer, Header } from '../features/layout/index.ts';
import { LoadingScreen } from '../lib/loading-screen.tsx';
import { useStoreStatusConnection } from '../features/store-status/index.ts';
import { useCartRepricing } from './use-cart-repricing.ts';
import { useDocumentTitle } from './use-document-title.ts';
import { useMobileZoomBlock } from './use-mobile-zoom-block.ts';
import { useScrollToTopOnNavigate } from './use-scroll-to-top.ts';

/** The frame of every storefront page: header, the page, footer and the shared dialogs. */
export function RootLayout({ children }: { children: ReactNode }) {
  useDocumentTitle();
  useMobileZoomBlock();
  useScrollToTopOnNavigate();
  useStoreStatusConnection();
  useCartRepricing();
  return (
    <div className="app-shell">
      {/* Boundaries React hydrates on their own, the one tapped first (docs/decisions/021). */}
      <Suspense fallback={null}>
        <Header />
      </Suspense>
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<LoadingScreen variant="page" />}>{children}</Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <PostcodePickerHost />
    </div>
  );
}
