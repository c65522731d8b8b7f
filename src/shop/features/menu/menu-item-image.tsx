import { useEffect, useRef, useState } from 'react';
import type { MenuItem } from '../../../shared/domain/menu.js';
import { fr } from '../../i18n/fr.js';
import { storedPictureAt, storedPictureSrcSet } from '../../lib/stored-pictures.js';

/** Seeded items carry no image path: their picture is named after the id. */
export const menuImageSrc = (item: Pick<MenuItem, 'id' | 'imageSrc'>) =>
  item.imageSrc ?? `/images/menu/${item.id}.webp`;

/**
 * The smaller copies scripts/make-shop-images.mjs writes beside a seeded picture (`<id>.webp`, 800 px wide):
 * `<id>-400.avif`, `<id>-800.avif` and `<id>-400.webp`. A photo uploaded in the back office has none.
 */
export function menuImageSources(src: string): { avif: string; webp: string } | null {
  const base = /^(\/images\/menu\/[\w-]+)\.webp$/.exec(src)?.[1];
  if (!base) return null;
  return { avif: `${base}-400.avif 400w, ${base}-800.avif 800w`, webp: `${base}-400.webp 400w, ${src} 800w` };
}

/** A dish's picture at 400 px (the cart's thumbnails): a seeded one's WebP copy, an uploaded one from Storage. */
export const menuThumbnailSrc = (src: string) =>
  storedPictureAt(src, 400) ?? src.replace(/^(\/images\/menu\/[\w-]+)\.webp$/, '$1-400.webp');

/**
 * The width a card's picture takes in the menu's grid (menu-page.tsx: one column, two from 640 px, three from
 * 1024 px, four from 1280 px in a 1280 px wide page with 16 px margins and 24 px gaps).
 */
const SIZES =
  '(min-width: 1280px) 296px, (min-width: 1024px) calc((100vw - 80px) / 3), (min-width: 640px) calc((100vw - 56px) / 2), calc(100vw - 32px)';

/**
 * A dish's picture: AVIF or WebP at the width the card needs (a seeded one from its copies, an uploaded one from
 * Storage's transformations), the original WebP where neither is known.
 * Below the first screen it loads only near it; `priority` (the first card the page shows) loads it first.
 */
export function MenuItemImage({ item, priority = false }: { item: MenuItem; priority?: boolean }) {
  const [broken, setBroken] = useState(false);
  const picture = useRef<HTMLImageElement>(null);
  // A prerendered page starts loading its pictures before React hydrates it, so a picture that failed
  // by then fired its error event to no one: read the outcome from the element instead.
  useEffect(() => {
    const img = picture.current;
    if (img?.complete && img.naturalWidth === 0) setBroken(true);
  }, []);
  if (broken) {
    return (
      <div className="flex aspect-[4/3] w-full items-center justify-center bg-charcoal-800 text-sm font-semibold text-cream-100/80">
        {fr.menu.imageMissing}
      </div>
    );
  }
  const src = menuImageSrc(item);
  const sources = menuImageSources(src);
  const stored = sources ? null : storedPictureSrcSet(src);
  const img = (
    <img
      ref={picture}
      src={src}
      srcSet={stored ?? undefined}
      sizes={stored ? SIZES : undefined}
      alt={item.imageAlt || item.name}
      width={800}
      height={600}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
      onError={() => setBroken(true)}
      className="aspect-[4/3] w-full object-cover transition-transform duration-500 group-hover:scale-105"
    />
  );
  if (!sources) return img;
  return (
    <picture className="block">
      <source type="image/avif" srcSet={sources.avif} sizes={SIZES} />
      <source type="image/webp" srcSet={sources.webp} sizes={SIZES} />
      {img}
    </picture>
  );
}
