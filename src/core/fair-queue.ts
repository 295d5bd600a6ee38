/** Where a pushed item went: queued or not, and the item it pushed out to make room, if any. */
export interface Admission<T> {
  admitted: boolean;
  evicted?: T;
}

/**
 * Waiting work shared fairly between keys (a link, an account): each key has its own line, and
 * the lines are served round robin, one item at a time, so a key with one item waits for at most
 * one item of every other key, however many those hold. A key holds at most `perKey` waiting
 * items. When all lines together hold `total`, a newcomer whose line is shorter than the longest
 * takes the place of that line's newest item (given back as `evicted`, for its caller to refuse):
 * keys that flood never fill the queue against a key that sends one.
 */
export class FairQueue<T> {
  // A Map keeps insertion order: its first key is the next one served, and a line served is
  // deleted and set again to go to the back of the round.
  readonly #lines = new Map<string, T[]>();
  readonly #perKey: number;
  readonly #total: number;
  #size = 0;

  constructor(bounds: { perKey: number; total: number }) {
    if (!(bounds.perKey >= 1 && bounds.total >= 1)) throw new RangeError('FairQueue bounds must be at least 1');
    this.#perKey = bounds.perKey;
    this.#total = bounds.total;
  }

  /** Items waiting, all keys together. */
  get size(): number {
    return this.#size;
  }

  push(key: string, item: T): Admission<T> {
    const line = this.#lines.get(key) ?? [];
    if (line.length >= this.#perKey) return { admitted: false };
    let evicted: T | undefined;
    if (this.#size >= this.#total) {
      const longest = this.#longest();
      if (longest.length <= line.length + 1) return { admitted: false };
      evicted = longest.pop();
      this.#size -= 1;
    }
    line.push(item);
    this.#size += 1;
    if (!this.#lines.has(key)) this.#lines.set(key, line);
    return evicted === undefined ? { admitted: true } : { admitted: true, evicted };
  }

  /** The next item in the round, or undefined when nothing waits. */
  shift(): T | undefined {
    for (const [key, line] of this.#lines) {
      this.#lines.delete(key);
      const item = line.shift();
      if (line.length > 0) this.#lines.set(key, line);
      this.#size -= 1;
      return item;
    }
    return undefined;
  }

  #longest(): T[] {
    let longest: T[] = [];
    for (const line of this.#lines.values()) if (line.length > longest.length) longest = line;
    return longest;
  }
}
