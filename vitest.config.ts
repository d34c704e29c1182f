import { defineConfig } from 'vitest/config';

// Kept apart from vite.config.ts so tests never run the extension build plugins.
export default defineConfig({
  define: { __TARGET__: JSON.stringify('chrome'), __OPEN_WORKSPACE_ON_INSTALL__: 'false' },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // Browsers are heavy on a 2-core machine: one file at a time.
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'equivalence',
          include: ['tests/equivalence/**/*.test.ts'],
          // Every generated program is checked, built and run against real curl: minutes, not seconds.
          testTimeout: 120_000,
          hookTimeout: 40 * 60_000,
          // Builds and hundreds of child processes on a 2-core machine: one file at a time.
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'fuzz',
          include: ['tests/fuzz/**/*.test.ts'],
          environment: 'node',
          // FUZZ_RUNS=20000 runs each property for minutes on a 2-core machine.
          testTimeout: 10 * 60_000,
        },
      },
    ],
  },
});
