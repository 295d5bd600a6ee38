/** What a click limit needs of a link: its `max_clicks` (docs/api.md, "Click limits are exact"). */
export interface LimitedLink {
  id: number;
  maxClicks: number;
  /** click_count when the link was loaded: the count starts there. */
  clickCount: number;
}

/**
 * Takes clicks off links' click limits exactly, however many visitors arrive at once: with a
 * limit of 10, the 10 first counted clicks get through and everyone after them gets the expired
 * answer. `click_count` cannot decide this: it is written in batches, up to a second behind.
 */
export interface ClickLimits {
  /** The limit is used up, as far as this instance knows without I/O. */
  exhausted(link: LimitedLink): boolean;
  /** Takes one of the link's remaining clicks; false when none is left. */
  take(link: LimitedLink): boolean | Promise<boolean>;
  /** A committed change to the link (a limit raised, the link deleted). */
  linkChanged(kind: 'updated' | 'deleted', linkId: number): void;
}

/**
 * One process: a counter per limited link, taken synchronously on the event loop, so no two
 * visits can take the same last click. A counter starts at the link's click_count and never goes
 * below it; it counts every click let through since, written or still buffered.
 */
export class MemoryClickLimits implements ClickLimits {
  readonly #taken = new Map<number, number>();

  exhausted(link: LimitedLink): boolean {
    return this.#used(link) >= link.maxClicks;
  }

  take(link: LimitedLink): boolean {
    const used = this.#used(link);
    if (used >= link.maxClicks) return false;
    this.#taken.set(link.id, used + 1);
    return true;
  }

  linkChanged(kind: 'updated' | 'deleted', linkId: number): void {
    if (kind === 'deleted') this.#taken.delete(linkId);
  }

  #used(link: LimitedLink): number {
    return Math.max(this.#taken.get(link.id) ?? 0, link.clickCount);
  }
}
