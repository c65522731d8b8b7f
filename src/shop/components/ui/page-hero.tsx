import type { ReactNode } from 'react';

/** The banners scripts/make-shop-images.mjs also writes as AVIF, same size, about 40 % fewer bytes. */
const avifCopy = (src: string) =>
  /^\/images\/(hero-grill|categories\/[\w-]+)\.webp$/.test(src) ? src.replace(/\.webp$/, '.avif') : null;

/** The dark banner at the top of every inner page; the fixed header sits over it. */
export function PageHero({
  title,
  subtitle,
  image = '/images/hero-grill.webp',
  children,
}: {
  title: string;
  subtitle?: string;
  image?: string;
  children?: ReactNode;
}) {
  const avif = avifCopy(image);
  const picture = (
    <img src={image} alt="" aria-hidden="true" className="absolute inset-0 -z-10 size-full object-cover opacity-45" />
  );
  return (
    <section className="relative isolate overflow-hidden bg-charcoal-950 pt-28 pb-14 text-cream-50 md:pt-36 md:pb-20">
      {avif ? (
        <picture>
          <source type="image/avif" srcSet={avif} />
          {picture}
        </picture>
      ) : (
        picture
      )}
      <div className="absolute inset-0 -z-10 bg-gradient-to-b from-charcoal-950/70 via-charcoal-950/40 to-charcoal-950/90" />
      <div className="mx-auto max-w-5xl px-4 text-center">
        <h1 className="text-4xl font-bold uppercase md:text-6xl">{title}</h1>
        {subtitle && <p className="mx-auto mt-4 max-w-2xl text-lg text-cream-100/90">{subtitle}</p>}
        {children}
      </div>
    </section>
  );
}
