// The Redis click stream's consumer on its own thread (see threaded-stream-consumer.ts): its own
// database pool and Redis connections, enrichment and batch writes, so the redirect thread
// never spends its time parsing, enriching and writing the visits it has just answered.
import { parentPort, workerData } from 'node:worker_threads';
import { messageOf } from '../core/errors.ts';
import { firstCountedPerLink } from '../core/clicks.ts';
import { StreamClickConsumer } from '../redis/stream-consumer.ts';
import { connectRedis } from '../redis/redis.ts';
import { EventBus } from '../services/events.ts';
import { UnitOfWork } from '../services/unit-of-work.ts';
import { openDatabase } from '../storage/database.ts';
import { openGeoLookup } from './geo.ts';
import type { StreamWriterData, StreamWriterNote } from './threaded-stream-consumer.ts';

const port = parentPort!;
const options = workerData as StreamWriterData;
const tell = (note: StreamWriterNote) => port.postMessage(note);
const failure = (context: string) => (error: unknown) => tell({ kind: 'error', context, message: messageOf(error) });

const handle = openDatabase(options.databaseUrl, failure('PostgreSQL connection lost'), {
  preparedStatements: options.preparedStatements,
});
const redis = connectRedis(options.redisUrl, failure('Redis connection error'));
// Click batches publish no domain events: the bus is the unit of work's, and stays empty.
const uow = new UnitOfWork(handle.db, new EventBus());
const consumer = new StreamClickConsumer(uow, redis, openGeoLookup(options.geoDatabase), {
  stream: options.stream,
  group: options.group,
  claimIdleMs: options.claimIdleMs,
  onError: failure('click stream batch failed'),
  // The counted clicks the main thread needs (link.clicked deliveries, live statistics): at most
  // what a delivery carries of each link, so a viral batch is not copied across whole.
  onWritten: (counted, seconds) => {
    const room = new Map(counted.map((click) => [click.linkId, options.maxCountedPerLink]));
    tell({ kind: 'written', seconds, counted: firstCountedPerLink(counted, room) });
  },
});

port.on('message', async (request: { kind: 'close' }) => {
  if (request.kind !== 'close') return;
  try {
    await consumer.close();
  } finally {
    redis.disconnect();
    await handle.close();
    port.close();
  }
});

await consumer.start();
tell({ kind: 'started' });
