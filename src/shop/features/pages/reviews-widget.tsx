import { useEffect, useRef } from 'react';
import { ReviewCards } from './review-cards.js';
import { useHydrated } from '../../../shared/ui/render-clock.js';

/** A third-party reviews script when one is configured (REVIEWS_WIDGET_SRC), our own reviews otherwise. */
export default function ReviewsWidget({ limit }: { limit?: number }) {
  // Read from the runtime env.js once the page is the browser's (a prerendered page has our own reviews).
  const src = useHydrated() ? window.__ENV__?.REVIEWS_WIDGET_SRC : undefined;
  const slot = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!src || !slot.current) return;
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    slot.current.appendChild(script);
    return () => script.remove();
  }, [src]);

  if (src) return <div ref={slot} data-testid="reviews-widget" className="min-h-40" />;
  return <ReviewCards limit={limit} />;
}
