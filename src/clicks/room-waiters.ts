/** How long visits may wait for room in a full click buffer, and how many at once. */
export interface WaitBounds {
  /** A visit still waiting after this long is refused (the edge answers 503). */
  maxWaitMs?: number;
  /** At most this many visits wait at once; one more is refused at once. */
  maxWaiting?: number;
  /** Told at most once per `reportIntervalMs` while visits wait or are refused (the service logs a warning). */
  onOverload?: (report: OverloadReport) => void;
  reportIntervalMs?: number;
}

/** What a full buffer did since its last report. */
export interface OverloadReport {
  /** Visits that found the buffer full, waited, and were then recorded. */
  waited: number;
  /** Visits refused: not recorded, answered 503 (waited past the bound, or too many waiting). */
  refused: number;
  /** Visits held now, not yet written (the buffer's depth). */
  depth: number;
  /** Visits waiting for room now. */
  waiting: number;
}

export const DEFAULT_MAX_WAIT_MS = 5_000;
export const DEFAULT_MAX_WAITING = 10_000;

interface Waiter<T> {
  visit: T;
  deadline: number;
  resolve: (recorded: boolean) => void;
}

/**
 * The visits waiting for room in a full click buffer (the SQLite buffer, the Redis stream sink),
 * oldest first. The buffer hands them room as its writer frees it (`release`), so a visit is
 * answered only once it is recorded; one that waits longer than `maxWaitMs`, or that finds
 * `maxWaiting` visits already waiting, is refused instead. Nothing here runs while the buffer has
 * room: a visit that finds room is recorded without a promise, a timer or an allocation.
 */
export class RoomWaiters<T> {
  readonly #maxWaitMs: number;
  readonly #maxWaiting: number;
  readonly #onOverload: (report: OverloadReport) => void;
  readonly #reportIntervalMs: number;
  readonly #depth: () => number;
  #queue: Array<Waiter<T>> = [];
  /** The queue's first live entry: taking from the front moves this instead of shifting the array. */
  #head = 0;
  #deadlineTimer: NodeJS.Timeout | undefined;
  #reportTimer: NodeJS.Timeout | undefined;
  #waited = 0;
  #refused = 0;
  #reported = { waited: 0, refused: 0 };

  /** `depth`: the buffer's visits not yet written, for the reports. */
  constructor(bounds: WaitBounds, depth: () => number) {
    this.#maxWaitMs = bounds.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
    this.#maxWaiting = bounds.maxWaiting ?? DEFAULT_MAX_WAITING;
    this.#onOverload = bounds.onOverload ?? (() => {});
    this.#reportIntervalMs = bounds.reportIntervalMs ?? 1_000;
    this.#depth = depth;
  }

  /** Visits waiting now. */
  get size(): number {
    return this.#queue.length - this.#head;
  }

  /** Since start: visits that waited and were recorded, and visits refused. */
  get waited(): number {
    return this.#waited;
  }

  get refused(): number {
    return this.#refused;
  }

  /** Queues a visit that found no room; resolves true once `release` recorded it, false if refused. */
  wait(visit: T): Promise<boolean> {
    this.#scheduleReport();
    if (this.size >= this.#maxWaiting) {
      this.#refused += 1;
      return Promise.resolve(false);
    }
    return new Promise((resolve) => {
      this.#queue.push({ visit, deadline: Date.now() + this.#maxWaitMs, resolve });
      if (!this.#deadlineTimer) this.#armDeadline();
    });
  }

  /** Records up to `room` waiting visits, oldest first, with `record`; each is told it was recorded. */
  release(room: number, record: (visit: T) => void): void {
    let released = 0;
    while (released < room && this.size > 0) {
      const waiter = this.#take();
      record(waiter.visit);
      this.#waited += 1;
      released += 1;
      waiter.resolve(true);
    }
    if (released > 0 && this.size === 0) this.#disarmDeadline();
  }

  /** Refuses every visit still waiting (the buffer is closing, or its writer has given up). */
  refuseAll(): void {
    while (this.size > 0) this.#refuse(this.#take());
    this.#disarmDeadline();
  }

  /** Reports what has not been reported yet, now (at shutdown). */
  close(): void {
    this.refuseAll();
    if (this.#reportTimer) clearTimeout(this.#reportTimer);
    this.#reportTimer = undefined;
    this.#report();
  }

  #take(): Waiter<T> {
    const waiter = this.#queue[this.#head]!;
    this.#queue[this.#head] = undefined as unknown as Waiter<T>;
    this.#head += 1;
    if (this.#head === this.#queue.length) {
      this.#queue = [];
      this.#head = 0;
    } else if (this.#head >= 1024 && this.#head * 2 >= this.#queue.length) {
      this.#queue = this.#queue.slice(this.#head);
      this.#head = 0;
    }
    return waiter;
  }

  #refuse(waiter: Waiter<T>): void {
    this.#refused += 1;
    waiter.resolve(false);
  }

  /** One timer for the oldest waiter: the queue is in arrival order, so it is the first due. */
  #armDeadline(): void {
    const first = this.#queue[this.#head];
    if (!first) return;
    this.#deadlineTimer = setTimeout(this.#expire, Math.max(0, first.deadline - Date.now()));
    this.#deadlineTimer.unref();
  }

  #disarmDeadline(): void {
    if (this.#deadlineTimer) clearTimeout(this.#deadlineTimer);
    this.#deadlineTimer = undefined;
  }

  readonly #expire = () => {
    this.#deadlineTimer = undefined;
    const now = Date.now();
    while (this.size > 0 && this.#queue[this.#head]!.deadline <= now) this.#refuse(this.#take());
    this.#armDeadline();
  };

  /** The first wait or refusal of a quiet period starts the clock; the report follows it. */
  #scheduleReport(): void {
    if (this.#reportTimer) return;
    this.#reportTimer = setTimeout(this.#reportAndRearm, this.#reportIntervalMs);
    this.#reportTimer.unref();
  }

  readonly #reportAndRearm = () => {
    this.#reportTimer = undefined;
    // Visits still waiting will be reported on: keep the clock running while there are any.
    if (this.#report() || this.size > 0) this.#scheduleReport();
  };

  /** Whether there was anything to report. */
  #report(): boolean {
    const waited = this.#waited - this.#reported.waited;
    const refused = this.#refused - this.#reported.refused;
    if (waited === 0 && refused === 0 && this.size === 0) return false;
    this.#reported = { waited: this.#waited, refused: this.#refused };
    this.#onOverload({ waited, refused, depth: this.#depth(), waiting: this.size });
    return true;
  }
}
