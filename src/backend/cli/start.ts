import { buildStaleApps } from './build-apps.js';
import { configFromEnv } from '../config.js';
import { DataDirLockedError, lockHolder } from '../db/lock.js';
import { runServer } from './run.js';

try {
  // Before building the apps: a second `npm start` on the same data stops here, naming the first.
  const { dataDir } = configFromEnv();
  const holder = dataDir ? lockHolder(dataDir) : null;
  if (dataDir && holder) throw new DataDirLockedError(dataDir, holder);
  buildStaleApps(process.cwd());
  await runServer();
} catch (e) {
  console.error(`\nCould not start: ${(e as Error).message}`);
  process.exit(1);
}
