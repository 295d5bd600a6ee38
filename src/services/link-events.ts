import type { Link } from '../core/model.ts';

export type LinkChange =
  /** `remote`: it happened on another instance and arrived through the Redis bus. */
  | { kind: 'created' | 'updated' | 'deleted'; link: Link; remote?: boolean }
  /** A user's affiliate tags changed: their links' destinations change on the next visit. */
  | { kind: 'tags-changed'; userId: number; remote?: boolean }
  /** A custom domain was verified, failed or removed: host routing changes. */
  | { kind: 'domains-changed'; remote?: boolean };
export type LinkChangeListener = (change: LinkChange) => void;

/**
 * In-process fan-out of link changes: the redirect cache invalidates on it at once, and later
 * the cross-instance bus and webhooks subscribe. Listeners must not throw or block.
 */
export class LinkEvents {
  readonly #listeners = new Set<LinkChangeListener>();

  subscribe(listener: LinkChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(change: LinkChange): void {
    for (const listener of this.#listeners) listener(change);
  }
}
