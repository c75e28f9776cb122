import { defineConfig } from 'vitest/config';

// Lanes for a 2-core machine. Unit files run in two child processes (vitest's default on 2 cores
// is one, which left a core idle while a file waited on a child process or a timer). The e2e files
// run one at a time in a third lane, a worker thread, at the same time as the unit files: most of
// their time is spent waiting on Chromium, and run after the unit files they would add their whole
// duration to the run. (vitest shares one pool per kind between projects, so the lanes are set
// here, per pool: a project's own maxWorkers or fileParallelism is not applied.)
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 180_000,
    poolOptions: {
      forks: { maxForks: 2, minForks: 1 },
      threads: { maxThreads: 1, minThreads: 1 },
    },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: ['test/e2e/**'],
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        // Real Chromium against built sites: one shared browser (global-setup.ts), files in sequence.
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          pool: 'threads',
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
