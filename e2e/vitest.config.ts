import { defineConfig } from 'vitest/config';

// Browser tests: one real server over the seeded demo site (global-setup.ts), Debian's Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
