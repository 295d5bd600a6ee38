import type { Redis } from 'ioredis';
import type { ClickEvent } from '../core/clicks.ts';
import type { UnitOfWork } from '../services/unit-of-work.ts';
import { isSqliteFile } from '../storage/database.ts';
import { ClickBuffer, type ClickBufferStats, type FailedBatch } from './buffer.ts';
import { RedisStreamClickSink } from './click-stream.ts';
import type { GeoLookup } from './geo.ts';
import type { WaitBounds } from './room-waiters.ts';
import type { ClickSink } from './sink.ts';
import { linkIdsOf } from './visit-batch.ts';
import { ClickWriterThread, writeVisitBatch } from './writer-thread.ts';

/** The edge's end of the pipeline: `record` (see ClickSink); `flush` waits for what was accepted. */
export interface RecordingSink extends ClickSink {
  flush(): Promise<void>;
  stats(): ClickBufferStats;
}

/** What follows a committed click batch: link.clicked webhooks (the webhook publisher). */
export interface AfterClickBatch {
  /** How many more counted clicks of each link the next deliveries can carry. */
  clickRoom(linkIds: Iterable<number>): Map<number, number>;
  /** Told once a batch has committed, with its counted clicks (no bots, no choice-page picks). */
  clicksRecorded(counted: readonly ClickEvent[]): void;
}

/** How many visits a pipeline holds in this process before new ones wait, and how they wait. */
export interface ClickBufferBounds extends WaitBounds {
  /** Visits held at most, not yet written (the SQLite buffer) or not yet acknowledged by Redis. */
  maxVisits?: number;
}

export interface ClickPipeline {
  sink: RecordingSink;
  /** Hands on everything accepted, then stops the writer. */
  close(): Promise<void>;
}

/**
 * One process: visits wait in an in-memory buffer and are written in batches (every 250 ms or
 * 1,000 visits). A SQLite file gets the click writer's thread (writer-thread.ts), with its own
 * connection; an in-memory database, or PostgreSQL without Redis, is written from this thread
 * through the unit of work.
 */
export function createLocalClickPipeline(options: {
  databaseUrl: string;
  uow: UnitOfWork;
  geo: GeoLookup;
  after: AfterClickBatch;
  onError: (error: unknown, batch?: FailedBatch) => void;
  bounds?: ClickBufferBounds;
  /** Told how long each committed batch took to write. */
  onBatchWritten?: (seconds: number) => void;
  /** Told which links a committed batch had visits of (live statistics). */
  onLinksClicked?: (linkIds: number[]) => void;
}): ClickPipeline {
  const { uow, after } = options;
  const thread = isSqliteFile(options.databaseUrl)
    ? new ClickWriterThread(
        { mode: 'batches', databaseUrl: options.databaseUrl },
        { onError: (context, message) => options.onError(new Error(`${context}: ${message}`)) },
      )
    : undefined;
  // Started before the first batch: the thread also checkpoints the WAL, work the request
  // thread would otherwise do inside its commits. A thread that fails to start fails the writes.
  void thread?.start();
  const writeClicks = (events: readonly ClickEvent[]) => uow.transact(({ stores }) => stores.clicks.writeBatch(events));
  const buffer = new ClickBuffer({
    // Either way the answer holds no more counted clicks than link.clicked deliveries can carry.
    write: async (visits) => {
      const started = performance.now();
      const linkIds = linkIdsOf(visits);
      const room = after.clickRoom(linkIds);
      const counted = thread
        ? await thread.write(visits, room)
        : await writeVisitBatch(visits, options.geo, writeClicks, room);
      after.clicksRecorded(counted);
      options.onBatchWritten?.((performance.now() - started) / 1000);
      options.onLinksClicked?.([...linkIds]);
    },
    onError: options.onError,
    maxBuffered: options.bounds?.maxVisits,
    waits: options.bounds,
  });
  return {
    sink: buffer,
    async close() {
      try {
        await buffer.close();
      } finally {
        await thread?.close();
      }
    },
  };
}

/**
 * Several instances: each visit is appended to a Redis Stream, and a consumer group (one member
 * per instance, on its own thread) writes the stream to the database, each batch with its entry
 * ids in one transaction, acknowledged after the commit.
 */
export async function createStreamClickPipeline(options: {
  redis: Redis;
  redisUrl: string;
  databaseUrl: string;
  preparedStatements: boolean;
  prefix: string;
  claimIdleMs: number;
  /** At most this many counted clicks of a link per batch reach `after` (what a delivery carries). */
  maxCountedPerLink: number;
  after: AfterClickBatch;
  onError: (error: unknown, batch?: FailedBatch) => void;
  bounds?: ClickBufferBounds;
  onBatchWritten?: (seconds: number) => void;
  onLinksClicked?: (linkIds: number[]) => void;
  /** An entry of the stream that could not be decoded, acknowledged and dropped (its id, and why). */
  onUnreadableEntry?: (entryId: string, message: string) => void;
}): Promise<ClickPipeline> {
  const stream = `${options.prefix}clicks`;
  const sink = new RedisStreamClickSink(options.redis, stream, options.bounds);
  const consumer = new ClickWriterThread(
    {
      mode: 'stream',
      databaseUrl: options.databaseUrl,
      preparedStatements: options.preparedStatements,
      redisUrl: options.redisUrl,
      stream,
      group: `${options.prefix}click-writers`,
      claimIdleMs: options.claimIdleMs,
      maxCountedPerLink: options.maxCountedPerLink,
    },
    {
      onError: (context, message) => options.onError(new Error(`${context}: ${message}`)),
      onUnreadableEntry: options.onUnreadableEntry,
      onWritten: (counted, seconds) => {
        options.after.clicksRecorded(counted);
        options.onBatchWritten?.(seconds);
        if (counted.length > 0) options.onLinksClicked?.([...new Set(counted.map((click) => click.linkId))]);
      },
    },
  );
  await consumer.start();
  return {
    sink,
    async close() {
      try {
        await sink.close();
      } finally {
        await consumer.close();
      }
    },
  };
}
