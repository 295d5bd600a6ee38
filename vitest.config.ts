import { defineConfig } from 'vitest/config';

// One project per test level (see STYLE.md): unit beside the code, then db, http, e2e, browser.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts', 'web/src/**/*.test.ts'] } },
      { test: { name: 'db', include: ['test/db/**/*.test.ts'] } },
      { test: { name: 'http', include: ['test/http/**/*.test.ts'] } },
      { test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 } },
      { test: { name: 'scale', include: ['test/scale/**/*.test.ts'], testTimeout: 90_000, hookTimeout: 90_000 } },
      { test: { name: 'browser', include: ['test/browser/**/*.test.ts'], testTimeout: 90_000, hookTimeout: 120_000 } },
    ],
  },
});
