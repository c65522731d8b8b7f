import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'tests/unit/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      'tests/kiosk/**/*.test.ts',
      'tests/reliability/**/*.test.ts',
      'tests/readme/**/*.test.ts',
    ],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at a time at least: Vitest's default (one less than the cores) runs them one by one on 2 cores, where
    // most files spend much of their time waiting (a server's answer, a realtime delivery, a mail): the whole suite
    // took 1,303 s alone and 966 s two at a time (1.1 and 1.6 cores busy).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    globalSetup: ['tests/helpers/global-setup.ts'],
  },
});
