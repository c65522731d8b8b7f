import { MENU_CATEGORIES } from '../../shared/domain/menu-categories.js';
import { fr } from '../i18n/fr.js';
import { promotionsText } from '../i18n/fr-promotions.js';

const t = fr.pageTitles;

/** The route a location shows (`/menu/` and `/menu` are the same page). */
const routePath = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

/** Each public address's own title (the browser tab, the bookmarks, the search results). */
const TITLES: Record<string, string> = {
  '/menu': t.menu,
  '/suivi-commande': t.tracking,
  '/a-propos': t.about,
  '/localisation': t.location,
  '/contact': t.contact,
  '/reservation-succes': t.reservationSent,
  '/avis': t.reviews,
  '/inscription-defi-burj-khalifa': t.challenge,
  '/mentions-legales': t.legalNotice,
  '/politique-confidentialite': t.privacy,
  '/conditions-generales': t.terms,
  '/register': t.register,
  '/login': t.login,
  '/mot-de-passe-oublie': t.forgotPassword,
  '/nouveau-mot-de-passe': t.resetPassword,
  '/profil': t.profile,
  '/mes-commandes': t.orders,
  '/desinscription': promotionsText.unsubscribe.pageTitle,
};

/**
 * The document's title for a path: the page's name, then the restaurant's. The prerender writes it into each
 * page's HTML (its meta, src/shop/app/root.tsx) and the title of each page the app shows.
 */
export function pageTitle(pathname: string): string {
  const path = routePath(pathname);
  if (path === '/') return t.home;
  const category = MENU_CATEGORIES.find((c) => path === `/menu/${c.slug}`);
  const name = category ? t.menuCategory(category.name) : path.startsWith('/commande/') ? t.confirmation : TITLES[path];
  return name ? `${name} · ${t.site}` : t.home;
}
