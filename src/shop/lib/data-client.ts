import { configureSupabase, getSupabase } from '../../shared/data/client.js';

// The shop keeps its own session, apart from the admin's on the same origin. Every path to the
// data layer (routes, cart panel, auth) loads this module first, so the key is set before the
// client is created.
configureSupabase({ app: 'shop' });

export { getSupabase };
