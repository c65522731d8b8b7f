import { Suspense, lazy, useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { fr } from '../../i18n/fr.js';
import { Spinner } from '../../components/ui/spinner.js';
import { Toaster } from '../../components/ui/toaster.js';
import { useCartPanel } from '../../stores/cart-panel-store.js';
import { Header } from './header.js';
import { Footer } from './footer.js';
import { InstallBanner } from './install-banner.js';

const CartPanel = lazy(() => import('../../features/cart/cart-panel.js'));

export default function ShopLayout() {
  const cartOpen = useCartPanel((s) => s.isOpen);
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  // A new page starts at the top; back and forward keep the browser's own position. Before the
  // pages' effects, so that the menu's scroll to a category comes after it.
  useLayoutEffect(() => {
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigation]);
  // After a navigation in the app, the new page's content has the focus (as a page load would start there);
  // not on the first page, where the focus stays at the top, before the « skip to content » link.
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-flame-600 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {fr.common.skipToContent}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Suspense
          fallback={
            <div className="min-h-dvh bg-charcoal-950 pt-24">
              <Spinner />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      {cartOpen && (
        <Suspense fallback={null}>
          <CartPanel />
        </Suspense>
      )}
      <InstallBanner />
      {!cartOpen && <Toaster />}
    </div>
  );
}
