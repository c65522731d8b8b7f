import { runServer } from './run.js';

try {
  await runServer();
} catch (e) {
  console.error(`\nCould not start: ${(e as Error).message}`);
  process.exit(1);
}
