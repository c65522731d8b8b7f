import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { fr } from '../../i18n/fr.js';
import { CartIcon, CloseIcon, MenuIcon } from '../../components/ui/icons.js';
import { useCartStore, cartItemCount } from '../../stores/cart-store.js';
import { useCartPanel } from '../../stores/cart-panel-store.js';
import { AccountMenu } from './account-menu.js';
import { Logo } from './logo.js';

export const mainLinks = [
  { to: '/', label: fr.nav.home, end: true },
  { to: '/menu', label: fr.nav.menu },
  { to: '/suivi-commande', label: fr.nav.tracking },
  { to: '/a-propos', label: fr.nav.about },
  { to: '/localisation', label: fr.nav.location },
  { to: '/contact', label: fr.nav.contact },
  { to: '/avis', label: fr.nav.reviews },
] as const;

const SCROLL_OPAQUE_PX = 20;

export function Header() {
  const [scrolled, setScrolled] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();
  const count = useCartStore((s) => cartItemCount(s.items));
  const openCart = useCartPanel((s) => s.open);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_OPAQUE_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => setMobileOpen(false), [location.pathname]);

  const opaque = scrolled || mobileOpen;
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-full px-3 py-2 text-sm font-semibold uppercase tracking-wide transition-colors ${isActive ? 'text-flame-400' : 'text-cream-50 hover:text-flame-300'}`;

  return (
    <header
      data-testid="site-header"
      data-opaque={opaque}
      className={`fixed inset-x-0 top-0 z-40 transition-colors duration-300 ${opaque ? 'bg-charcoal-950 shadow-lg' : 'bg-gradient-to-b from-charcoal-950/80 to-transparent'}`}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 md:h-20">
        <Logo />
        <nav aria-label={fr.nav.mainLabel} className="ml-auto hidden items-center gap-1 xl:flex">
          {mainLinks.map((l) => (
            <NavLink key={l.to} to={l.to} end={'end' in l} className={linkClass}>
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1 xl:ml-4">
          <AccountMenu className="hidden md:flex" />
          <button
            type="button"
            onClick={openCart}
            aria-label={fr.cartButton.label(count)}
            data-testid="cart-button"
            className="relative rounded-full p-2.5 text-cream-50 hover:bg-white/10"
          >
            <CartIcon className="size-6" />
            {count > 0 && (
              <span
                data-testid="cart-badge"
                className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-ember-600 px-1 text-xs font-bold text-white"
              >
                {count}
              </span>
            )}
          </button>
          <button
            type="button"
            onClick={() => setMobileOpen((o) => !o)}
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            aria-label={mobileOpen ? fr.nav.closeMenu : fr.nav.openMenu}
            className="rounded-full p-2.5 text-cream-50 hover:bg-white/10 xl:hidden"
          >
            {mobileOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
          </button>
        </div>
      </div>
      {mobileOpen && (
        <nav
          id="mobile-menu"
          aria-label={fr.nav.mainLabel}
          className="max-h-[calc(100dvh-4rem)] animate-fade-in overflow-y-auto border-t border-charcoal-800 bg-charcoal-950 px-4 pb-6 xl:hidden"
        >
          <ul className="flex flex-col py-2">
            {mainLinks.map((l) => (
              <li key={l.to}>
                <NavLink
                  to={l.to}
                  end={'end' in l}
                  className={({ isActive }) =>
                    `block border-b border-charcoal-800 py-3 text-lg font-semibold uppercase ${isActive ? 'text-flame-400' : 'text-cream-50'}`
                  }
                >
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <AccountMenu className="mt-4 md:hidden" stacked />
        </nav>
      )}
    </header>
  );
}
