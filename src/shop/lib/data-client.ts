// Before the data layer's fallback: the public reads keep the shop's light client.
import './public-client.js';
import { configureSupabase, getSupabase } from '../../shared/data/client.js';

// The shop keeps its own session, apart from the admin's on the same origin. Every path to the
// data layer (routes, cart panel, auth) loads this module first, so the key is set before the
// client is created.
configureSupabase({ app: 'shop' });

export { getSupabase };
