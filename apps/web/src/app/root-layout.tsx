import { Suspense, type ReactNode } from 'react';
import { PostcodePickerHost } from '../features/delivery/index.ts';
import { Footer, Header, LoadingScreen } from '../features/layout/index.ts';
import { useStoreStatusConnection } from '../features/store-status/index.ts';
import { HydrateLater } from '../lib/hydration.tsx';
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
      {/* Taken over after the page's frame, each in a task of its own (lib/hydration.tsx). */}
      <HydrateLater>
        <Header />
      </HydrateLater>
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<LoadingScreen variant="page" />}>{children}</Suspense>
      </main>
      <HydrateLater>
        <Footer />
      </HydrateLater>
      <PostcodePickerHost />
    </div>
  );
}
