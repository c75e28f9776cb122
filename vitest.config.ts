import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 180_000,
    projects: [
      {
        test: { name: 'unit', include: ['test/**/*.test.ts', 'test/**/*.test.tsx'], exclude: ['test/e2e/**'], testTimeout: 60_000, hookTimeout: 180_000 },
      },
      {
        // Real Chromium against built sites; one browser per file, files in sequence (2 cores).
        test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], globalSetup: ['test/e2e/global-setup.ts'], fileParallelism: false, testTimeout: 60_000, hookTimeout: 300_000 },
      },
    ],
  },
});
