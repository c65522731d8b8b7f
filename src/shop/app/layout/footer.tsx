import { Link } from 'react-router-dom';
import { fr } from '../../i18n/fr.js';
import { useRestaurant } from '../../lib/restaurant.js';
import { FacebookIcon, InstagramIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../components/ui/icons.js';
import { FooterHours } from './footer-hours.js';
import { Logo } from './logo.js';
import { mainLinks } from './header.js';

const heading = 'mb-4 font-display text-lg font-semibold tracking-wider text-flame-400 uppercase';
const link = 'text-cream-100/85 hover:text-flame-300';

export function Footer() {
  const year = new Date().getFullYear();
  const restaurant = useRestaurant();
  return (
    <footer className="bg-charcoal-950 text-cream-100">
      <div className="h-1.5 bg-gradient-to-r from-ember-600 via-flame-500 to-flame-400" />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo />
          <p className="mt-4 text-sm text-cream-100/80">{fr.footer.about}</p>
          <p className="mt-5 text-sm font-semibold text-cream-50">{fr.footer.follow}</p>
          <div className="mt-2 flex gap-3">
            {restaurant.socials.facebook && (
              <a
                href={restaurant.socials.facebook}
                target="_blank"
                rel="noopener noreferrer"
                aria-label="Facebook"
                className="rounded-full bg-charcoal-800 p-2.5 hover:bg-flame-600"
              >
                <FacebookIcon className="size-5" />
              </a>
            )}
            {restaurant.socials.instagram && (
              <a
                href={restaurant.socials.instagram}
                target="_blank"
                rel="noopener noreferrer"
                aria-label="Instagram"
                className="rounded-full bg-charcoal-800 p-2.5 hover:bg-flame-600"
              >
                <InstagramIcon className="size-5" />
              </a>
            )}
          </div>
        </div>
        <nav aria-label={fr.footer.navigation}>
          <h2 className={heading}>{fr.footer.navigation}</h2>
          <ul className="space-y-2 text-sm">
            {mainLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={link}>
                  {l.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/inscription-defi-burj-khalifa" className={link}>
                {fr.footer.challenge}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={fr.footer.legal}>
          <h2 className={heading}>{fr.footer.legal}</h2>
          <ul className="space-y-2 text-sm">
            <li>
              <Link to="/mentions-legales" className={link}>
                {fr.footer.legalNotice}
              </Link>
            </li>
            <li>
              <Link to="/politique-confidentialite" className={link}>
                {fr.footer.privacy}
              </Link>
            </li>
            <li>
              <Link to="/conditions-generales" className={link}>
                {fr.footer.terms}
              </Link>
            </li>
            <li>
              <a href="/admin/login" className={link}>
                {fr.footer.admin}
              </a>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className={heading}>{fr.footer.contact}</h2>
          <ul className="space-y-3 text-sm">
            <li className="flex gap-2">
              <MapPinIcon className="mt-0.5 size-4 shrink-0 text-flame-400" />
              <span>{restaurant.fullAddress}</span>
            </li>
            <li>
              <a href={restaurant.phoneHref} className={`flex gap-2 ${link}`}>
                <PhoneIcon className="mt-0.5 size-4 shrink-0 text-flame-400" />
                {restaurant.phoneDisplay}
              </a>
            </li>
            <li>
              <a href={`mailto:${restaurant.email}`} className={`flex gap-2 break-all ${link}`}>
                <MailIcon className="mt-0.5 size-4 shrink-0 text-flame-400" />
                {restaurant.email}
              </a>
            </li>
          </ul>
          <FooterHours />
          <p className="mt-5 inline-flex items-center gap-2 rounded-full border border-charcoal-700 px-3 py-1 text-xs text-cream-100/80">
            <span aria-hidden="true" className="font-bold text-cream-50">
              VISA · MC · €
            </span>{' '}
            {fr.footer.payments}
          </p>
        </div>
      </div>
      <div className="border-t border-charcoal-800 py-5 text-center text-xs text-cream-100/70">
        {fr.footer.copyright(year)}
      </div>
    </footer>
  );
}
