// The bare 302 server of baseline-server.ts, plus one part of the service's click recording, so
// bench/floors.ts can measure what each part alone costs a redirect:
//   bare     the constant 302, nothing else;
//   append   each visit handed to the service's own Redis stream sink, which writes one XADD a
//            turn and holds the turn's answers until it is in the socket;
//   consume  append, and a consumer thread that reads the entries, acknowledges and deletes them
//            as the service's does (STREAM_READ_DEFAULTS), writing nothing;
//   record   the service's whole click pipeline, writing every visit of link `linkId` to the
//            database at `databaseUrl`: on PostgreSQL its sink and its consumer thread, on SQLite its
//            buffer and its writer thread (no Redis).
import { createServer } from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { Redis } from 'ioredis';
import { openGeoLookup } from '../src/clicks/geo.ts';
import { createLocalClickPipeline, createStreamClickPipeline, type ClickPipeline } from '../src/clicks/pipeline.ts';
import type { ClickSink } from '../src/clicks/sink.ts';
import { RedisStreamClickSink, STREAM_READ_DEFAULTS } from '../src/clicks/click-stream.ts';
import { EventBus } from '../src/services/events.ts';
import { UnitOfWork } from '../src/services/unit-of-work.ts';
import { openDatabase } from '../src/storage/database.ts';
import { MAX_CLICKS_PER_DELIVERY } from '../src/webhooks/publisher.ts';

const [port, mode, redisUrl, databaseUrl, linkId] = [
  Number(process.argv[2] ?? 0),
  process.argv[3] ?? 'bare',
  process.argv[4] ?? '',
  process.argv[5] ?? '',
  Number(process.argv[6] ?? 1),
];
const GROUP = 'floor';

if (isMainThread) await serve();
else await consume(workerData as { redisUrl: string; stream: string });

async function serve(): Promise<void> {
  const prefix = `hoplink-floor-${process.pid}:`;
  const stream = `${prefix}clicks`;
  const sqlite = databaseUrl.startsWith('sqlite:');
  const redis = mode === 'bare' || sqlite ? undefined : new Redis(redisUrl);
  const pipeline = mode === 'record' ? await recordingPipeline(redis, prefix) : undefined;
  if (mode === 'append' || mode === 'consume') await redis!.xgroup('CREATE', stream, GROUP, '$', 'MKSTREAM');
  const plainSink = mode === 'append' || mode === 'consume' ? new RedisStreamClickSink(redis!, stream) : undefined;
  const sink: ClickSink | undefined = pipeline?.sink ?? plainSink;
  const consumer =
    mode === 'consume' ? new Worker(new URL(import.meta.url), { workerData: { redisUrl, stream } }) : undefined;
  const server = createServer((req, res) => {
    const answer = () => {
      res.writeHead(302, {
        Location: 'https://example.com/',
        'Cache-Control': 'private, no-store',
        'Content-Length': '0',
      });
      res.end();
    };
    if (!sink) return answer();
    sink.record({ linkId, at: Date.now(), ip: '127.0.0.1', userAgent: req.headers['user-agent'], referer: undefined });
    if (sink.afterHandOff) sink.afterHandOff(answer);
    else answer();
  });
  server.listen(port, '127.0.0.1', () => process.send?.((server.address() as { port: number }).port));
  process.on('SIGTERM', () => {
    void (async () => {
      await consumer?.terminate();
      await pipeline?.close();
      await plainSink?.close();
      const keys = redis ? await redis.keys(`${prefix}*`) : [];
      if (keys.length > 0) await redis!.del(...keys);
      process.exit(0);
    })();
  });
}

/** As the service builds it (context.ts), with nobody listening for link.clicked. */
async function recordingPipeline(redis: Redis | undefined, prefix: string): Promise<ClickPipeline> {
  const after = {
    clickRoom: (ids: Iterable<number>) => new Map([...ids].map((id) => [id, MAX_CLICKS_PER_DELIVERY])),
    clicksRecorded: () => {},
  };
  const onError = (error: unknown) => console.error(error);
  if (!redis) {
    const { db } = openDatabase(databaseUrl);
    const uow = new UnitOfWork(db, new EventBus());
    return createLocalClickPipeline({ databaseUrl, uow, geo: openGeoLookup(), after, onError });
  }
  return createStreamClickPipeline({
    redis,
    redisUrl,
    databaseUrl,
    preparedStatements: true,
    prefix,
    claimIdleMs: 30_000,
    maxCountedPerLink: MAX_CLICKS_PER_DELIVERY,
    after,
    onError,
  });
}

async function consume({ redisUrl, stream }: { redisUrl: string; stream: string }): Promise<void> {
  const redis = new Redis(redisUrl);
  const reader = redis.duplicate(); // XREADGROUP BLOCK holds its connection
  parentPort?.unref();
  const { batchSize, blockMs, gatherMs } = STREAM_READ_DEFAULTS;
  for (;;) {
    const reply = (await reader.xreadgroup(
      'GROUP',
      GROUP,
      'c',
      'COUNT',
      batchSize,
      'BLOCK',
      blockMs,
      'STREAMS',
      stream,
      '>',
    )) as Array<[string, Array<[string, string[]]>]> | null;
    const takenAt = Date.now();
    const ids = (reply?.[0]?.[1] ?? []).map(([id]) => id);
    if (ids.length === 0) continue;
    await redis.xack(stream, GROUP, ...ids);
    await redis.xdel(stream, ...ids);
    const wait = takenAt + gatherMs - Date.now();
    if (ids.length < batchSize && wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
}
