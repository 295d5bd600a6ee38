import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// One project per test level: unit tests beside the code they test; db, the stores on SQLite and,
// with TEST_DATABASE_URL, PostgreSQL; http, the app through inject() on a fresh database per file;
// e2e, the service and the CLI as processes; scale, several instances sharing PostgreSQL and Redis;
// browser, the dashboard in Chromium. With TEST_DATABASE_URL, http-postgres runs the HTTP suite
// again with the whole app on PostgreSQL (TEST_HTTP_ENGINE=postgres), in the same run.
const postgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The order files start in: the projects whose files are longest first (a scale or e2e file takes
 * a minute, mostly waiting on the services it starts), so the short files fill the other worker
 * around them instead of one long file running alone at the end. Within a project Vitest's own
 * order: files that failed last time, then the longest (the largest on a first run).
 */
const PROJECT_ORDER = ['scale', 'e2e', 'http-postgres', 'http', 'db', 'unit', 'browser'];

class LongestProjectsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => PROJECT_ORDER.indexOf(spec.project.name);
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    return (await super.sort(files)).sort((a, b) => group(a) - group(b) || rank(a) - rank(b));
  }
}

// Three files at a time on a 2-core machine: the e2e and scale files mostly wait on the services
// they start, and a third worker fills that waiting (all but the browser files: 332 s with two
// workers, 211 s with three, 217 s with four, on the same machine). The e2e and scale files have
// timeouts of a minute or more (their slowest test took 20 s of its 60 with two of them at once);
// unit, db and http keep 5 s, and the tests among them that hash passwords on purpose (4 s with two
// files at once) give themselves longer.
// The db, http and browser files share one process per worker (isolate: false): each opens its own
// database, app, service or browser, and loading the modules again for every file was half of the
// HTTP suite's time. The unit files, some of which fake timers and globals, keep a process each.
// The browser files run alone, one at a time, once the rest is done: run two at a time in six
// full runs, one of them failed, a page rendered later than its test expected.
// 15 s a test: the sign-in tests hash a password (scrypt) five or six times each, and in CI they
// share two cores with every other project; 5 s timed some out under that load.
const http = { include: ['test/http/**/*.test.ts'], isolate: false, testTimeout: 15_000 };
export default defineConfig({
  test: {
    maxWorkers: 3,
    sequence: { sequencer: LongestProjectsFirst },
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts', 'web/src/**/*.test.ts'] } },
      { test: { name: 'db', include: ['test/db/**/*.test.ts'], isolate: false } },
      { test: { name: 'http', ...http } },
      ...(postgres ? [{ test: { name: 'http-postgres', ...http, env: { TEST_HTTP_ENGINE: 'postgres' } } }] : []),
      { test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 } },
      { test: { name: 'scale', include: ['test/scale/**/*.test.ts'], testTimeout: 90_000, hookTimeout: 90_000 } },
      {
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          isolate: false,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
