/** The restaurant's identity: shop pages, admin pickup address, tickets and e-mails all read it here. */
export const RESTAURANT = {
  name: 'Churrasqueira Differdange',
  street: '12, Avenue de la Liberté',
  postalCode: 'L-4601',
  city: 'Differdange',
  country: 'Luxembourg',
  phoneDisplay: '+352 26 58 40 12',
  phone: '+35226584012',
  email: 'contact@churrasqueira-differdange.lu',
  get address(): string {
    return `${this.street}, ${this.postalCode} ${this.city}`;
  },
} as const;

export type Restaurant = typeof RESTAURANT;

/** What a ticket prints in its header: the phone as people read it. */
export const TICKET_RESTAURANT = { name: RESTAURANT.name, address: RESTAURANT.address, phone: RESTAURANT.phoneDisplay };
