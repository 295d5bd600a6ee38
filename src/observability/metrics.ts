import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** How the short host answered. */
export const REDIRECT_OUTCOMES = [
  'redirect',
  'choice_page',
  'not_found',
  'expired',
  'password',
  'preview',
  'unavailable',
  'root',
  'health',
] as const;
export type RedirectOutcome = (typeof REDIRECT_OUTCOMES)[number];

/**
 * The short host's counts, as plain numbers it increments in place: the redirect path builds no
 * labels and calls no library per request. They become Prometheus series only when scraped.
 */
export type RedirectCounts = Record<RedirectOutcome, number>;

export function newRedirectCounts(): RedirectCounts {
  return {
    redirect: 0,
    choice_page: 0,
    not_found: 0,
    expired: 0,
    password: 0,
    preview: 0,
    unavailable: 0,
    root: 0,
    health: 0,
  };
}

/** Read at scrape time from the parts that keep their own counts. */
export interface MetricSources {
  clicks(): {
    buffered: number;
    written: number;
    dropped: number;
    failedWrites: number;
    waited: number;
    refused: number;
    waiting: number;
  };
}

interface EdgeSource {
  counts: RedirectCounts;
  cache(): { hits: number; misses: number; entries: number };
}

/**
 * The Prometheus registry (prom-client) of one process: HTTP requests of the API by route and
 * status with durations, redirects by outcome, clicks accepted/written/dropped/refused, the
 * buffer's depth and the visits waiting for room in it, click-batch write durations, click-stream
 * entries dropped as unreadable, link-cache hits and misses, webhook deliveries by outcome, and
 * Node's own (event-loop lag, memory, GC, CPU) under the `hoplink_` prefix.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly #edges: EdgeSource[] = [];
  readonly #http: Histogram<'method' | 'route' | 'status_code'>;
  readonly #batches: Histogram;
  readonly #unreadableEntries: Counter;
  readonly #deliveries: Counter<'outcome'>;
  readonly #linkChecks: Counter<'status'>;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'hoplink_' });
    this.#http = new Histogram({
      name: 'hoplink_http_request_duration_seconds',
      help: 'API and dashboard requests by route and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    this.#batches = new Histogram({
      name: 'hoplink_click_batch_write_seconds',
      help: 'Time to write one batch of clicks (rows, counters and rollups in one transaction)',
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers,
    });
    this.#unreadableEntries = new Counter({
      name: 'hoplink_click_stream_unreadable_entries_total',
      help: 'Click stream entries that could not be decoded: acknowledged and dropped, their visits not written',
      registers,
    });
    this.#deliveries = new Counter({
      name: 'hoplink_webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome',
      labelNames: ['outcome'],
      registers,
    });
    this.#linkChecks = new Counter({
      name: 'hoplink_link_checks_total',
      help: 'Link health checks recorded, by the status they found (ok, broken, unknown)',
      labelNames: ['status'],
      registers,
    });
    registerEdgeMetrics(registers, this.#edges);
    registerClickMetrics(registers, sources);
  }

  /** The short host of this process, read at every scrape. */
  watchEdge(edge: EdgeSource): void {
    this.#edges.push(edge);
  }

  observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
    this.#http.observe({ method, route, status_code: String(statusCode) }, seconds);
  }

  observeBatch(seconds: number): void {
    this.#batches.observe(seconds);
  }

  countUnreadableStreamEntry(): void {
    this.#unreadableEntries.inc();
  }

  countDelivery(outcome: 'succeeded' | 'retrying' | 'failed'): void {
    this.#deliveries.inc({ outcome });
  }

  countLinkCheck(status: 'ok' | 'broken' | 'unknown'): void {
    this.#linkChecks.inc({ status });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/** The short host's counts and its redirect cache's, summed over this process's edges at each scrape. */
function registerEdgeMetrics(registers: Registry[], edges: readonly EdgeSource[]): void {
  new Counter({
    name: 'hoplink_redirects_total',
    help: 'Short-host answers by outcome',
    labelNames: ['outcome'],
    registers,
    collect() {
      this.reset();
      for (const outcome of REDIRECT_OUTCOMES) {
        this.inc(
          { outcome },
          edges.reduce((sum, edge) => sum + edge.counts[outcome], 0),
        );
      }
    },
  });
  new Counter({
    name: 'hoplink_link_cache_requests_total',
    help: 'Redirect-cache lookups by result',
    labelNames: ['result'],
    registers,
    collect() {
      this.reset();
      const stats = edges.map((edge) => edge.cache());
      this.inc(
        { result: 'hit' },
        stats.reduce((sum, s) => sum + s.hits, 0),
      );
      this.inc(
        { result: 'miss' },
        stats.reduce((sum, s) => sum + s.misses, 0),
      );
    },
  });
}

/** What became of the visits handed to the click pipeline, and its buffer, read at each scrape. */
function registerClickMetrics(registers: Registry[], sources: MetricSources): void {
  new Counter({
    name: 'hoplink_clicks_total',
    help: 'Visits handed to the click pipeline, by what became of them',
    labelNames: ['state'],
    registers,
    collect() {
      this.reset();
      const { buffered, written, dropped, refused } = sources.clicks();
      this.inc({ state: 'accepted' }, buffered + written + dropped);
      this.inc({ state: 'written' }, written);
      this.inc({ state: 'dropped' }, dropped);
      // Never accepted: the buffer stayed full past its wait bound, and the visitor got a 503.
      this.inc({ state: 'refused' }, refused);
    },
  });
  new Counter({
    name: 'hoplink_click_buffer_waits_total',
    help: 'Visits that found the click buffer full and waited for room before their answer (then recorded)',
    registers,
    collect() {
      this.reset();
      this.inc(sources.clicks().waited);
    },
  });
  new Gauge({
    name: 'hoplink_click_buffer_waiting',
    help: 'Visits waiting now for room in the full click buffer (their answers held)',
    registers,
    collect() {
      this.set(sources.clicks().waiting);
    },
  });
  new Gauge({
    name: 'hoplink_click_buffer_depth',
    help: 'Visits accepted and not yet written',
    registers,
    collect() {
      this.set(sources.clicks().buffered);
    },
  });
  new Counter({
    name: 'hoplink_click_batch_failures_total',
    help: 'Click batches that failed to write (their visits are kept for retry)',
    registers,
    collect() {
      this.reset();
      this.inc(sources.clicks().failedWrites);
    },
  });
}
