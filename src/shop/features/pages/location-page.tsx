import { fr } from '../../i18n/fr.js';
import { directionsUrl } from '../../../shared/domain/maps.js';
import { useRestaurant } from '../../lib/restaurant.js';
import { PageHero } from '../../components/ui/page-hero.js';
import { buttonClass } from '../../components/ui/button.js';
import { OpeningHours } from '../../components/ui/opening-hours.js';
import { ExternalIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../components/ui/icons.js';
import { useHydrated } from '../../../shared/ui/render-clock.js';

const t = fr.location;
const BBOX = '5.8790,49.5180,5.9040,49.5300';
const MARKER = '49.5242,5.8914';

/** OpenStreetMap by default; Google's embed when a maps key is configured (the runtime env.js). */
export function mapEmbedUrl(query: string, key: string | undefined): string {
  if (key)
    return `https://www.google.com/maps/embed/v1/place?key=${encodeURIComponent(key)}&q=${encodeURIComponent(query)}`;
  return `https://www.openstreetmap.org/export/embed.html?bbox=${BBOX}&layer=mapnik&marker=${MARKER}`;
}

export default function LocationPage() {
  const restaurant = useRestaurant();
  // The build has no env.js: the prerendered page shows OpenStreetMap, the browser switches to Google's map
  // once hydrated if the deployment configured its key.
  const mapsKey = useHydrated() ? window.__ENV__?.GOOGLE_MAPS_API_KEY : undefined;
  return (
    <>
      <PageHero title={t.title} subtitle={t.subtitle} />
      <section className="mx-auto grid max-w-6xl gap-8 px-4 py-16 lg:grid-cols-[1fr_1.4fr]">
        <div className="space-y-6">
          <div className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-cream-200">
            <h2 className="flex items-center gap-2 text-2xl font-semibold uppercase">
              <MapPinIcon className="size-6 text-flame-500" /> {t.addressTitle}
            </h2>
            <address className="mt-3 text-lg not-italic">
              {restaurant.name}
              <br />
              {restaurant.street}
              <br />
              {restaurant.postalCode} {restaurant.city}
              <br />
              {restaurant.country}
            </address>
            <a
              href={directionsUrl(restaurant.fullAddress)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('primary', 'md', 'mt-5 w-full')}
            >
              {t.directions} <ExternalIcon className="size-4" />
            </a>
            <div className="mt-5 space-y-2 border-t border-cream-200 pt-4">
              <a href={restaurant.phoneHref} className="flex items-center gap-2 font-semibold hover:text-flame-600">
                <PhoneIcon className="size-5 text-flame-500" />
                <span className="sr-only">{t.callUs} :</span>
                {restaurant.phoneDisplay}
              </a>
              <a
                href={`mailto:${restaurant.email}`}
                className="flex items-center gap-2 font-semibold break-all hover:text-flame-600"
              >
                <MailIcon className="size-5 text-flame-500" />
                <span className="sr-only">{t.writeUs} :</span>
                {restaurant.email}
              </a>
            </div>
            <p className="mt-4 text-sm text-charcoal-700">
              <strong>{t.access} :</strong> {t.accessText}
            </p>
          </div>
          <OpeningHours />
        </div>
        <div className="min-h-96 overflow-hidden rounded-2xl bg-cream-200 shadow-md ring-1 ring-cream-200">
          <iframe
            title={t.mapTitle}
            src={mapEmbedUrl(restaurant.fullAddress, mapsKey)}
            className="size-full min-h-96"
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
          />
        </div>
      </section>
    </>
  );
}
