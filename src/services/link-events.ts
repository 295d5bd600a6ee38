import type { Link } from '../core/model.ts';

export type LinkChange = { kind: 'created' | 'updated' | 'deleted'; link: Link };
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
