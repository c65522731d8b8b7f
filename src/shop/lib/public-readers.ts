// The public reads' door to the data layer: the menu, store settings and opening hours readers alone, on the
// shop's light client (./public-client.ts), not the whole layer (./data.js) with supabase-js and its orders',
// accounts' and back office's schemas, which a visitor who only reads the menu never needs.
export { fetchMenu, fetchOpeningSchedule, fetchStoreSettings } from '../../shared/data/public-fetch.js';
// Its client's code too, so that the browser fetches both at once rather than one after the other.
export { createPublicClient } from '../../shared/data/public-client.js';
