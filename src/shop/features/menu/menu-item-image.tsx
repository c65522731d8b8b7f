import { useEffect, useRef, useState } from 'react';
import type { MenuItem } from '../../../shared/domain/menu.js';
import { fr } from '../../i18n/fr.js';

/** Seeded items carry no image path: their picture is named after the id. */
export const menuImageSrc = (item: Pick<MenuItem, 'id' | 'imageSrc'>) =>
  item.imageSrc ?? `/images/menu/${item.id}.webp`;

export function MenuItemImage({ item }: { item: MenuItem }) {
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
  return (
    <img
      ref={picture}
      src={menuImageSrc(item)}
      alt={item.imageAlt || item.name}
      loading="lazy"
      onError={() => setBroken(true)}
      className="aspect-[4/3] w-full object-cover transition-transform duration-500 group-hover:scale-105"
    />
  );
}
