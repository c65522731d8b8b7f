import { buildStaleApps } from '../../../src/backend/cli/build-apps';

/** The browser tests run against the built apps, as `npm start` serves them. */
export default async function globalSetup(): Promise<void> {
  buildStaleApps(process.cwd());
}
