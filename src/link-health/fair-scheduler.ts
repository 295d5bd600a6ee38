export interface FairSchedulerOptions {
  /** Requests running at once, all accounts together. */
  slots: number;
  /** Slots one account may hold at once; half of them, rounded up, unless given. */
  perAccount?: number;
  /** Requests to one host start at least this far apart. */
  intervalMs: number;
  /** Milliseconds on a monotonic clock (tests give their own). */
  now?: () => number;
}

interface Waiting {
  host: string;
  start: () => void;
}

/**
 * Runs the link checker's requests, shared fairly between accounts and polite to hosts:
 *
 * - At most `slots` requests run at once, and one account holds at most `perAccount` of them even
 *   when no other account waits: a destination that accepts and never answers holds its slot for
 *   its whole deadline, and the slots an account cannot take are what lets another account's
 *   check start at once instead of after those deadlines.
 * - Waiting requests form one line per account (all its links' destinations together), in the
 *   order they came, and the lines are served round robin: a request waits for at most one
 *   request of each other account, however many those have queued.
 * - Requests to one host start at least `intervalMs` apart, whichever accounts they come from. A
 *   request waiting for its host holds no slot, and the account's next request for another host
 *   goes first meanwhile.
 */
export class FairScheduler {
  readonly #slots: number;
  readonly #perAccount: number;
  readonly #intervalMs: number;
  readonly #now: () => number;
  /** Waiting requests per account. A Map keeps insertion order: an account served goes to the back. */
  readonly #lines = new Map<string, Waiting[]>();
  readonly #held = new Map<string, number>();
  readonly #lastStart = new Map<string, number>();
  #running = 0;
  #timer: NodeJS.Timeout | undefined;
  #timerAt = Infinity;

  constructor(options: FairSchedulerOptions) {
    this.#slots = Math.max(1, options.slots);
    this.#perAccount = Math.max(1, Math.min(this.#slots, options.perAccount ?? Math.ceil(this.#slots / 2)));
    this.#intervalMs = options.intervalMs;
    this.#now = options.now ?? (() => performance.now());
  }

  /** Requests running now. */
  get running(): number {
    return this.#running;
  }

  /** Runs `task` when a slot, the account's share and the host's pace allow; answers what it answers. */
  run<T>(account: string, host: string, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        let result: Promise<T>;
        try {
          result = task();
        } catch (error) {
          result = Promise.reject(error);
        }
        result.then(resolve, reject).finally(() => this.#release(account));
      };
      const line = this.#lines.get(account);
      if (line) line.push({ host: host.toLowerCase(), start });
      else this.#lines.set(account, [{ host: host.toLowerCase(), start }]);
      this.#dispatch();
    });
  }

  #release(account: string): void {
    const held = (this.#held.get(account) ?? 1) - 1;
    if (held > 0) this.#held.set(account, held);
    else this.#held.delete(account);
    this.#running -= 1;
    this.#forgetIdleHosts();
    this.#dispatch();
  }

  /** Starts waiting requests while slots are free; when only hosts' pace holds them, comes back then. */
  #dispatch(): void {
    while (this.#running < this.#slots) {
      const now = this.#now();
      let readyAt = Infinity;
      let picked: { account: string; index: number } | undefined;
      for (const [account, line] of this.#lines) {
        if ((this.#held.get(account) ?? 0) >= this.#perAccount) continue;
        const index = line.findIndex((waiting) => {
          const last = this.#lastStart.get(waiting.host);
          if (last === undefined || now - last >= this.#intervalMs) return true;
          readyAt = Math.min(readyAt, last + this.#intervalMs);
          return false;
        });
        if (index >= 0) {
          picked = { account, index };
          break;
        }
      }
      if (!picked) {
        if (readyAt !== Infinity) this.#wakeAt(readyAt, now);
        return;
      }
      const line = this.#lines.get(picked.account)!;
      const [waiting] = line.splice(picked.index, 1);
      this.#lines.delete(picked.account);
      if (line.length > 0) this.#lines.set(picked.account, line);
      this.#held.set(picked.account, (this.#held.get(picked.account) ?? 0) + 1);
      this.#running += 1;
      this.#lastStart.set(waiting!.host, now);
      waiting!.start();
    }
  }

  #wakeAt(at: number, now: number): void {
    if (this.#timer !== undefined && this.#timerAt <= at) return;
    clearTimeout(this.#timer);
    this.#timerAt = at;
    this.#timer = setTimeout(
      () => {
        this.#timer = undefined;
        this.#timerAt = Infinity;
        this.#dispatch();
      },
      Math.max(1, Math.ceil(at - now)),
    );
  }

  /** A host last started longer than `intervalMs` ago is ready whether remembered or not. */
  #forgetIdleHosts(): void {
    if (this.#lastStart.size < 1000) return;
    const now = this.#now();
    for (const [host, at] of this.#lastStart) if (now - at >= this.#intervalMs) this.#lastStart.delete(host);
  }
}
