import { describe, expect, it } from 'vitest';
import { EventBus } from '../services/events.ts';
import type { UnitOfWork } from '../services/unit-of-work.ts';
import { LiveClicks } from './live.ts';

describe('live clicks', () => {
  it('reserves no room for its owner cache until someone watches', () => {
    const before = process.memoryUsage().arrayBuffers;
    const live = new LiveClicks({} as UnitOfWork, new EventBus(), () => {});
    // lru-cache with `max: 100_000` allocated three Uint32Arrays of 100,000 (1.2 MB) here.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(100_000);
    live.close();
  });
});
