import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CLICK_THREAD_YOUNG_GENERATION_MB } from './thread-limits.ts';

// A thread that keeps a few thousand objects alive while it allocates, as a click batch does:
// V8 grows its nursery as far as it is allowed to. It reports the nursery's size.
const THREAD = `
  import { getHeapSpaceStatistics } from 'node:v8';
  import { parentPort } from 'node:worker_threads';
  let alive = [];
  for (let i = 0; i < 3e6; i++) {
    alive.push({ i, text: 'visit ' + i });
    if (alive.length > 5000) alive = [];
  }
  const nursery = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  parentPort.postMessage(nursery.space_size);
`;

/** The nursery of a thread started as a click thread is, in a process run with `flags`, in MB. */
async function clickThreadNurseryMb(flags: string[]): Promise<number> {
  const main = `
    import { Worker } from 'node:worker_threads';
    import { clickThreadLimits } from ${JSON.stringify(new URL('./thread-limits.ts', import.meta.url).href)};
    new Worker(${JSON.stringify(THREAD)}, { eval: true, resourceLimits: clickThreadLimits() })
      .on('message', (bytes) => console.log(bytes));
  `;
  const { stdout } = await promisify(execFile)(process.execPath, [...flags, '--input-type=module', '-e', main]);
  return Number(stdout.trim()) / 2 ** 20;
}

describe('click thread limits', () => {
  it("hold the thread's nursery to its own size under the service's --max-semi-space-size", async () => {
    const nursery = await clickThreadNurseryMb(['--max-semi-space-size=16']);
    expect(nursery).toBeGreaterThan(0);
    expect(nursery).toBeLessThanOrEqual(CLICK_THREAD_YOUNG_GENERATION_MB);
  });
});
