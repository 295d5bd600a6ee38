import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const shapeModule = JSON.stringify(new URL('./next-tick-shape.ts', import.meta.url).href);

// A fresh process alternates bursts of nextTick with full GCs (what a loaded service's quiet
// moments do), then prints V8's feedback for nextTick: the states of the inline caches that
// define the tick record's keys.
const script = `
if (process.env.KEEP) (await import(${shapeModule})).keepNextTickShapeAlive();
const tick = () => new Promise((resolve) => process.nextTick(resolve));
for (let round = 0; round < 3; round++) {
  for (let i = 0; i < 5; i++) await tick();
  globalThis.gc();
  await new Promise((resolve) => setTimeout(resolve, 2));
}
for (let i = 0; i < 5; i++) await tick();
new Function('f', '%DebugPrint(f)')(process.nextTick);
`;

function tickRecordCacheStates(keep: boolean): string[] {
  const run = spawnSync(
    process.execPath,
    ['--expose-gc', '--allow-natives-syntax', '--input-type=module', '-e', script],
    {
      env: { ...process.env, KEEP: keep ? '1' : '' },
      encoding: 'utf8',
    },
  );
  expect(run.status, run.stderr).toBe(0);
  return [...run.stdout.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((match) => match[1]!);
}

describe('keepNextTickShapeAlive', () => {
  it('keeps every key of the tick record on a monomorphic inline cache across full GCs', () => {
    const states = tickRecordCacheStates(true);
    expect(states.length).toBeGreaterThanOrEqual(3);
    expect(states.every((state) => state === 'MONOMORPHIC')).toBe(true);
  });

  it('is needed: without it, the same process leaves the tick record megamorphic', () => {
    // If a Node upgrade makes this fail, V8 no longer loses the maps and the workaround can go.
    expect(tickRecordCacheStates(false)).toContain('MEGAMORPHIC');
  });
});
