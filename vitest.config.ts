import { defineConfig } from 'vitest/config';

// One project per test level (see STYLE.md): unit beside the code, then db, http, e2e, browser.
// Vitest runs one file at a time on a 2-core machine. The e2e and scale files mostly wait on the
// services they start, with timeouts of a minute or more: they run two at a time, as a second group
// once the others are done (their slowest test took 20 s of its 60 with two at once). unit, db and
// http keep 5 s timeouts, and some of their tests hash passwords on purpose (4 s with two files at
// once); the browser files ran two at a time in six full runs and one of them failed, a page
// rendered later than its test expected: they all stay one file at a time.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts', 'web/src/**/*.test.ts'] } },
      { test: { name: 'db', include: ['test/db/**/*.test.ts'] } },
      { test: { name: 'http', include: ['test/http/**/*.test.ts'] } },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'scale',
          include: ['test/scale/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
