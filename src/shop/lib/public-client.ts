import { appEnv } from '../../shared/data/env.js';
import { providePublicDb, type PublicDb } from '../../shared/data/public-db.js';

// The shop's public reads (menu, settings, hours, offers, reviews and their live channels) go through a client
// without auth (src/shared/data/public-client.ts), loaded with the first read: a visitor who only looks at the
// menu never loads supabase-js. Signed in or not, these tables read the same (RLS: public).
let client: Promise<PublicDb> | null = null;
providePublicDb(
  () =>
    (client ??= import('../../shared/data/public-client.js').then(({ createPublicClient }) =>
      createPublicClient(appEnv()),
    )),
);
