import { setFlagsFromString } from 'node:v8';
import type { ResourceLimits } from 'node:worker_threads';

/**
 * A click thread's young generation. Its batches (at most 1,000 visits) die young, so a small
 * nursery costs it little; the 16 MB semi-spaces the main thread runs with cost 12 MB more RSS.
 */
export const CLICK_THREAD_YOUNG_GENERATION_MB = 4;

/**
 * The `resourceLimits` of a click thread (the SQLite writer, the Redis stream consumer), made to
 * hold. V8 lets the process's `--max-semi-space-size` (SERVICE_NODE_FLAGS in cli/serve.ts, meant
 * for the main thread) override a Worker's own young generation limit, so the thread ran with
 * the main thread's nursery. V8 reads the flag only when an isolate configures its heap: clearing
 * it once the main thread's heap exists leaves that heap as it was and lets each later thread's
 * own limit apply. Call it just before `new Worker`.
 */
export function clickThreadLimits(): ResourceLimits {
  setFlagsFromString('--max-semi-space-size=0');
  return { maxYoungGenerationSizeMb: CLICK_THREAD_YOUNG_GENERATION_MB };
}
