import { describe, expect, it } from 'vitest';
import { storedPictureAt, storedPictureSrcSet } from '../../src/shop/lib/stored-pictures';

const photo = 'https://abc.supabase.co/storage/v1/object/public/menu-images/items/burger-m3x.webp';

describe('uploaded pictures through Storage image transformations', () => {
  it('asks Storage for the widths the shop needs, cropped to 4:3, format left to the browser', () => {
    expect(storedPictureAt(photo, 400, true)).toBe(
      'https://abc.supabase.co/storage/v1/render/image/public/menu-images/items/burger-m3x.webp?width=400&height=300&resize=cover',
    );
    expect(storedPictureSrcSet('/storage/v1/object/public/menu-images/offers/natal.webp', true)).toBe(
      '/storage/v1/render/image/public/menu-images/offers/natal.webp?width=400&height=300&resize=cover 400w, ' +
        '/storage/v1/render/image/public/menu-images/offers/natal.webp?width=800&height=600&resize=cover 800w',
    );
  });

  it('leaves committed pictures, other hosts and a project without transformations as they are', () => {
    expect(storedPictureAt('/images/menu/30.webp', 400, true)).toBeNull();
    expect(storedPictureAt('https://images.example.com/x.webp', 400, true)).toBeNull();
    expect(
      storedPictureAt('https://abc.supabase.co/storage/v1/object/sign/menu-images/x.webp?token=t', 400, true),
    ).toBeNull();
    expect(storedPictureSrcSet(photo, false)).toBeNull();
  });
});
