// The click writer's own thread (see thread-writer.ts): its own SQLite connection, enrichment and
// the one-transaction batch write, so the redirect thread never stops for either.
import { parentPort, workerData } from 'node:worker_threads';
import { messageOf } from '../core/errors.ts';
import { sqliteClickWriter } from '../storage/click-writes.ts';
import { CHECKPOINT_INTERVAL_MS, openClickWriterConnection, sqlitePath } from '../storage/sqlite-connection.ts';
import { openGeoLookup } from './geo.ts';
import type { ClickEvent } from '../core/clicks.ts';
import type { WriterReply, WriterRequest } from './thread-writer.ts';
import { enrichPackedVisits } from './packed-visits.ts';
import { writeClicks } from './visit-writer.ts';

const port = parentPort!;
const { databaseUrl, geoDatabase } = workerData as { databaseUrl: string; geoDatabase: SharedArrayBuffer };
const sqlite = openClickWriterConnection(sqlitePath(databaseUrl));
// Statements are prepared at the first batch, and again after a batch that could not prepare
// them (a database not migrated yet fails that batch, which the buffer keeps, not the thread).
const writeBatch: (events: readonly ClickEvent[]) => Promise<void> = sqliteClickWriter(sqlite);
const geo = openGeoLookup(geoDatabase); // the main thread's copy, shared

// This thread copies the WAL back into the database file for every connection of the process:
// a passive checkpoint a second waits for nobody and blocks nobody. The request thread's
// connection then checkpoints only as a safety net (WAL_SAFETY_NET_PAGES, sqlite-connection.ts):
// inside its commits, checkpoints took a third of `POST /links`' commit time.
const checkpoints = setInterval(() => {
  try {
    sqlite.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // busy or closing: the next second tries again
  }
}, CHECKPOINT_INTERVAL_MS);

// One request at a time: the main side sends the next batch only after this one is answered.
port.on('message', async (request: WriterRequest) => {
  if (request.kind === 'close') {
    clearInterval(checkpoints);
    sqlite.close();
    port.close();
    return;
  }
  let reply: WriterReply;
  try {
    reply = {
      id: request.id,
      ok: true,
      counted: await writeClicks(enrichPackedVisits(request.visits, geo), writeBatch, request.room),
    };
  } catch (error) {
    reply = { id: request.id, ok: false, message: messageOf(error) };
  }
  port.postMessage(reply);
});
