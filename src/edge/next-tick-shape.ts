import { executionAsyncResource } from 'node:async_hooks';

// biome-ignore lint/correctness/noUnusedVariables: never read; holding the record is the whole point.
let keptTickRecord: object | undefined;

/**
 * Keeps one of Node's next-tick records alive for the life of the process, so that every
 * `process.nextTick` (Node's HTTP and stream code makes several per request) stays on V8's fast
 * path.
 *
 * Why: `nextTick` builds its record as an object literal with computed keys. V8 remembers the
 * record's hidden classes (maps) in that site's inline caches only weakly, and a full GC at a
 * moment when no record is alive frees them. The next record then gets new maps, and V8 marks
 * the site megamorphic for good: from then on each key is defined through a runtime call. A
 * server process that loads more than a toy (Hoplink's API, migrations, the dashboard) goes
 * through a few full GCs between quiet moments, so it ends up there. A bare server never does
 * in a short benchmark, which is how the difference showed: the redirect thread spent about
 * 10 µs more per request on a slow machine (A/B runs: 61-76% -> 73-85% of bare node:http,
 * docs/benchmarks.md).
 * One live record keeps the maps, and with them the cache, alive.
 *
 * Call it first thing in the process, before the first full GC.
 */
export function keepNextTickShapeAlive(): void {
  // Inside a nextTick callback, the current async resource is the tick record itself.
  process.nextTick(() => {
    keptTickRecord = executionAsyncResource();
  });
}
