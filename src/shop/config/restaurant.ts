/** The restaurant's public identity, shown in the header, footer, contact and legal pages. */
export const restaurant = {
  name: 'Churrasqueira Differdange',
  street: '12, Avenue de la Liberté',
  postalCode: 'L-4601',
  city: 'Differdange',
  country: 'Luxembourg',
  phoneDisplay: '+352 26 58 40 12',
  phoneHref: 'tel:+35226584012',
  email: 'contact@churrasqueira-differdange.lu',
  company: 'Churrasqueira Differdange S.à r.l.',
  rcs: 'B 000000',
  vat: 'LU00000000',
  socials: {
    facebook: 'https://www.facebook.com/churrasqueiradifferdange',
    instagram: 'https://www.instagram.com/churrasqueiradifferdange',
  },
  reviewUrl: 'https://www.google.com/maps/search/?api=1&query=Churrasqueira+Differdange',
  coordinates: { lat: 49.5242, lon: 5.8914 },
} as const;

export const fullAddress = `${restaurant.street}, ${restaurant.postalCode} ${restaurant.city}`;

export function directionsUrl(destination: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}
