import { appEnv } from '../../shared/data/env.js';
import { providePublicDb, type PublicDb } from '../../shared/data/public-db.js';

// The shop's public reads (menu, settings, hours, offers, reviews and their live channels) go through a client
// without auth (src/shared/data/public-client.ts), loaded with the first read: a visitor who only looks at the
// menu never loads supabase-js. Signed in or not, these tables read the same (RLS: public). Imported first by
// src/shop/app/root.tsx; at build time the pages read through the client the build sets (app/public-data.server.ts).
let client: Promise<PublicDb> | null = null;
const load = () =>
  import('../../shared/data/public-client.js').then(({ createPublicClient }) => createPublicClient(appEnv()));
providePublicDb(
  () =>
    (client ??= load().catch((error: unknown) => {
      // A module that failed to arrive (a flaky network, a new deploy) is asked for again by the next read.
      client = null;
      throw error;
    })),
);
