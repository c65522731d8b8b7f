import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { fr } from '../../i18n/fr.js';
import { useRestaurant } from '../../lib/restaurant.js';
import { FacebookIcon, InstagramIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../components/ui/icons.js';
import { FooterHours } from './footer-hours.js';
import { Logo } from './logo.js';
import { mainLinks } from './header.js';
import { useNowAs } from '../../../shared/ui/render-clock.js';

const heading = 'mb-4 font-display text-lg font-semibold tracking-wider text-flame-400 uppercase';
const link = 'text-cream-100/85 hover:text-flame-300';
const LEGAL_LINKS = [
  { to: '/mentions-legales', label: 'legalNotice' },
  { to: '/politique-confidentialite', label: 'privacy' },
  { to: '/conditions-generales', label: 'terms' },
] as const;

function LinkColumn({
  title,
  links,
  children,
}: {
  title: string;
  links: readonly { to: string; label: string }[];
  children?: ReactNode;
}) {
  return (
    <nav aria-label={title}>
      <h2 className={heading}>{title}</h2>
      <ul className="space-y-2 text-sm">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className={link}>
              {l.label}
            </Link>
          </li>
        ))}
        {children}
      </ul>
    </nav>
  );
}

export function Footer() {
  const year = useNowAs((now) => new Date(now).getFullYear());
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
            {[
              { href: restaurant.socials.facebook, label: 'Facebook', Icon: FacebookIcon },
              { href: restaurant.socials.instagram, label: 'Instagram', Icon: InstagramIcon },
            ].map(
              ({ href, label, Icon }) =>
                href && (
                  <a
                    key={label}
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={label}
                    className="rounded-full bg-charcoal-800 p-2.5 hover:bg-flame-600"
                  >
                    <Icon className="size-5" />
                  </a>
                ),
            )}
          </div>
        </div>
        <LinkColumn
          title={fr.footer.navigation}
          links={[...mainLinks, { to: '/inscription-defi-burj-khalifa', label: fr.footer.challenge }]}
        />
        <LinkColumn title={fr.footer.legal} links={LEGAL_LINKS.map((l) => ({ to: l.to, label: fr.footer[l.label] }))}>
          <li>
            <a href="/admin/login" className={link}>
              {fr.footer.admin}
            </a>
          </li>
        </LinkColumn>
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
