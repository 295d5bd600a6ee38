import type { Conversion } from '../core/conversions.ts';
import type { Domain, Link } from '../core/model.ts';

/** What changed, told to the redirect cache, the other instances (Redis) and webhooks after a commit. */
export type AppEvent =
  /** `remote`: it happened on another instance and arrived through the Redis bus. */
  | { kind: 'created' | 'updated' | 'deleted'; link: Link; remote?: boolean }
  /**
   * An import committed a chunk of new links on the default host (one event per chunk, not per
   * link): the redirect cache drops any negative entry for these codes. No webhooks follow.
   */
  | { kind: 'links-imported'; workspaceId: number; codes: string[]; remote?: boolean }
  /** A workspace's affiliate tags changed: its links' destinations change on the next visit. */
  | { kind: 'tags-changed'; workspaceId: number; remote?: boolean }
  /** A custom domain was verified, failed or removed: host routing changes. */
  | { kind: 'domains-changed'; remote?: boolean }
  /** A workspace's settings changed (the storefront localisation default): its links' answers change. */
  | { kind: 'settings-changed'; workspaceId: number; remote?: boolean }
  /** A workspace's plan changed: what the short host applies to its links changes. */
  | { kind: 'plan-changed'; workspaceId: number; remote?: boolean }
  /** Click batches committed for these links (live statistics in the dashboard). */
  | { kind: 'clicks-recorded'; linkIds: number[]; remote?: boolean }
  /** A link's check found it broken after it was ok or unknown (webhooks: link.broken). */
  | { kind: 'link-broken'; link: Link; remote?: boolean }
  /** A custom domain became active (webhooks). */
  | { kind: 'domain-verified'; domain: Domain; remote?: boolean }
  /** A webhook was created: publishers that knew the workspace had none forget it. */
  | { kind: 'webhook-created'; workspaceId: number; remote?: boolean }
  /** A conversion was recorded or changed (webhooks: conversion.created, conversion.updated). */
  | { kind: 'conversion'; change: 'created' | 'updated'; conversion: Conversion; remote?: boolean };
export type AppEventListener = (event: AppEvent) => void;

/**
 * In-process fan-out of committed changes: the redirect cache invalidates on it at once, the
 * Redis bus carries it to other instances and webhooks queue deliveries. Listeners must not
 * throw or block. Use cases never emit here directly: they collect events in their unit of work,
 * which publishes them after the commit (unit-of-work.ts).
 */
export class EventBus {
  readonly #listeners = new Set<AppEventListener>();

  subscribe(listener: AppEventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(event: AppEvent): void {
    for (const listener of this.#listeners) listener(event);
  }
}
