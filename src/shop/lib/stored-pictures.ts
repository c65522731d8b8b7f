/**
 * Pictures uploaded in the back office (dish photos, offers) are kept by Storage as one 800 × 600 WebP. The shop
 * asks Storage's image transformations (`/storage/v1/render/image/public/…`, as hosted Supabase serves them) for
 * the widths a page needs; with no `format`, Storage answers AVIF or WebP by the browser's Accept header, so an
 * uploaded photo reaches the customer as a committed one does (AVIF at the card's width).
 *
 * A hosted project whose plan has no transformations builds the shop with `VITE_IMAGE_TRANSFORMS=off`: the shop
 * then shows the stored picture as it is. Read at build time only, so the prerendered pages and the app agree.
 */
const transformsOn = (): boolean =>
  ((import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env?.VITE_IMAGE_TRANSFORMS ?? 'on') !==
  'off';

const PUBLIC_OBJECT = /^(https?:\/\/[^/]+|)\/storage\/v1\/object\/public\/(.+?)(\?.*)?$/;

/** The render URL of a public stored picture at `width` (cropped to 4:3), or null for any other URL. */
export function storedPictureAt(url: string, width: number, enabled = transformsOn()): string | null {
  const m = enabled ? PUBLIC_OBJECT.exec(url) : null;
  if (!m) return null;
  const height = Math.round((width * 3) / 4);
  return `${m[1]}/storage/v1/render/image/public/${m[2]}?width=${width}&height=${height}&resize=cover`;
}

/** `srcset` of a public stored picture at 400 and 800 px, or null (not a stored picture, or transformations off). */
export function storedPictureSrcSet(url: string, enabled = transformsOn()): string | null {
  const small = storedPictureAt(url, 400, enabled);
  const large = storedPictureAt(url, 800, enabled);
  return small && large ? `${small} 400w, ${large} 800w` : null;
}
