// Free of zod: the shop's texts (src/shop/i18n/fr.ts) quote the limit on every page, before the cart's parser loads.

/** The most of one line the server takes (place_order); the cart stops there and says so. */
export const MAX_LINE_QUANTITY = 99;
