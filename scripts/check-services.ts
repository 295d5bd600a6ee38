// CI runs the PostgreSQL and Redis suites for real: this fails loudly, before any test, when
// either server named by TEST_DATABASE_URL / TEST_REDIS_URL cannot be reached.
import pg from 'pg';
import { Redis } from 'ioredis';

const failures: string[] = [];

const databaseUrl = process.env.TEST_DATABASE_URL;
if (databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    const { rows } = await client.query('select version() as version');
    console.log(`PostgreSQL ok: ${String(rows[0].version).split(',')[0]}`);
  } catch (error) {
    failures.push(`PostgreSQL at ${databaseUrl}: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 5000,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    console.log(`Redis ok: ${await redis.ping()}`);
  } catch (error) {
    failures.push(`Redis at ${redisUrl}: ${(error as Error).message}`);
  } finally {
    redis.disconnect();
  }
}

if (failures.length > 0) {
  for (const failure of failures) console.error(`cannot connect: ${failure}`);
  process.exit(1);
}
