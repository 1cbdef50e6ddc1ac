import { defineConfig } from 'vitest/config';

// Unit tests sit beside their files in packages/*; server integration tests in apps/server/test.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
