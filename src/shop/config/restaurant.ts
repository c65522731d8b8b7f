import { RESTAURANT } from '../../shared/domain/restaurant.js';

/** The restaurant's public identity plus what only the shop shows (social links, company details). */
export const restaurant = {
  name: RESTAURANT.name,
  street: RESTAURANT.street,
  postalCode: RESTAURANT.postalCode,
  city: RESTAURANT.city,
  country: RESTAURANT.country,
  phoneDisplay: RESTAURANT.phoneDisplay,
  phoneHref: `tel:${RESTAURANT.phone}`,
  email: RESTAURANT.email,
  company: 'Churrasqueira Differdange S.à r.l.',
  rcs: 'B 000000',
  vat: 'LU00000000',
  socials: {
    facebook: 'https://www.facebook.com/churrasqueiradifferdange',
    instagram: 'https://www.instagram.com/churrasqueiradifferdange',
  },
  reviewUrl: 'https://www.google.com/maps/search/?api=1&query=Churrasqueira+Differdange',
} as const;

export const fullAddress = RESTAURANT.address;
