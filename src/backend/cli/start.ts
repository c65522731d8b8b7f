import { buildStaleApps } from './build-apps.js';
import { runServer } from './run.js';

try {
  buildStaleApps(process.cwd());
  await runServer();
} catch (e) {
  console.error(`\nCould not start: ${(e as Error).message}`);
  process.exit(1);
}
