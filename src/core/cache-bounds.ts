/**
 * lru-cache options that bound a cache to `entries` entries without reserving them: its `max`
 * allocates every slot when the cache is made (2.8 MB for 100,000), in every process, however few
 * entries it ever holds. Counted as a size instead, one an entry, the arrays grow with use.
 */
export function entriesBound(entries: number): { maxSize: number; sizeCalculation: () => number } {
  return { maxSize: entries, sizeCalculation: () => 1 };
}
