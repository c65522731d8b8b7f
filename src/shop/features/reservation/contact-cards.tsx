import { fr } from '../../i18n/fr.js';
import { useRestaurant } from '../../lib/restaurant.js';
import { MailIcon, MapPinIcon, PhoneIcon } from '../../components/ui/icons.js';
import { IconDisc } from '../../components/ui/icon-disc.js';

const t = fr.contact;

/** The restaurant's phone, e-mail and address, each a card that calls, writes or opens the location page. */
export function ContactCards() {
  const restaurant = useRestaurant();
  const cards = [
    { icon: PhoneIcon, title: t.phone, text: restaurant.phoneDisplay, href: restaurant.phoneHref },
    { icon: MailIcon, title: t.email, text: restaurant.email, href: `mailto:${restaurant.email}` },
    { icon: MapPinIcon, title: t.address, text: restaurant.address, href: '/localisation' },
  ];
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <ul className="grid gap-4 md:grid-cols-3">
        {cards.map(({ icon, title, text, href }) => (
          <li key={title}>
            <a
              href={href}
              className="flex h-full items-center gap-4 rounded-2xl bg-white p-5 shadow-md ring-1 ring-cream-200 transition hover:-translate-y-0.5 hover:shadow-lg"
            >
              <IconDisc icon={icon} size="md" className="shrink-0 bg-flame-600 text-white" />
              <span className="min-w-0">
                <span className="block text-sm font-semibold tracking-wider text-charcoal-600 uppercase">{title}</span>
                <span className="block font-semibold break-words">{text}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
