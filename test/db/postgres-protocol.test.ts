import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/storage/database.ts';
import { freshDatabaseUrl, postgresUrl } from '../helpers/database.ts';

/** One message the client sent, and how many answers ("ready for query") it had read by then. */
interface Sent {
  type: string;
  text: string;
  answersBefore: number;
}

/**
 * A loopback proxy in front of PostgreSQL that reads the wire protocol both ways: which message
 * the client sent when. Two messages sent with the same number of answers read went out in one
 * round trip.
 */
function protocolRecorder(target: URL) {
  const sent: Sent[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    let answers = 0;
    // What each named statement of this connection is, and the last unnamed one.
    const named = new Map<string, string>();
    let unnamed = '';
    let fromClient = Buffer.alloc(0);
    let fromServer = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk) => {
      upstream.write(chunk);
      fromClient = Buffer.concat([fromClient, chunk]);
      if (!started) {
        // The startup message has a length but no type byte.
        if (fromClient.length < 4) return;
        const length = fromClient.readInt32BE(0);
        if (fromClient.length < length) return;
        fromClient = fromClient.subarray(length);
        started = true;
      }
      while (fromClient.length >= 5 && fromClient.length >= 1 + fromClient.readInt32BE(1)) {
        const end = 1 + fromClient.readInt32BE(1);
        const type = String.fromCharCode(fromClient[0]!);
        // Q (a simple query) and P (parse) carry the statement's text, B (bind) its name.
        const body = fromClient.subarray(5, end);
        let text = '';
        if (type === 'Q') text = cString(body, 0);
        else if (type === 'P') {
          const name = cString(body, 0);
          text = cString(body, Buffer.byteLength(name) + 1);
          if (name) named.set(name, text);
          else unnamed = text;
        } else if (type === 'B') {
          const name = cString(body, body.indexOf(0) + 1);
          text = name ? (named.get(name) ?? '') : unnamed;
        }
        sent.push({ type, text, answersBefore: answers });
        fromClient = fromClient.subarray(end);
      }
    });
    upstream.on('data', (chunk) => {
      fromServer = Buffer.concat([fromServer, chunk]);
      while (fromServer.length >= 5 && fromServer.length >= 1 + fromServer.readInt32BE(1)) {
        if (fromServer[0] === 'Z'.charCodeAt(0)) answers += 1;
        fromServer = fromServer.subarray(1 + fromServer.readInt32BE(1));
      }
      client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  return {
    sent,
    async listen(): Promise<number> {
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      return (server.address() as AddressInfo).port;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

/**
 * The NUL-terminated string at `start` (Parse: the statement's name, then its text; Bind: the
 * portal's, then the statement's name).
 */
function cString(body: Buffer, start: number): string {
  return body.toString('utf8', start, body.indexOf(0, start));
}

describe.skipIf(!postgresUrl)('PostgreSQL statements on the wire', () => {
  let database: { url: string; drop(): Promise<void> };
  let handle: DatabaseHandle;
  let recorder: ReturnType<typeof protocolRecorder>;
  /** The database, through the recorder. */
  let recordedUrl: string;

  beforeAll(async () => {
    database = await freshDatabaseUrl('postgres');
    recorder = protocolRecorder(new URL(database.url));
    const url = new URL(database.url);
    url.hostname = '127.0.0.1';
    url.port = String(await recorder.listen());
    recordedUrl = url.toString();
    handle = openDatabase(recordedUrl);
    await sql`create table notes (id serial primary key, body text not null unique)`.execute(handle.db);
    await sql`insert into notes (body) values ('one')`.execute(handle.db);
  });

  afterAll(async () => {
    await handle?.close();
    recorder?.close();
    await database?.drop();
  });

  /** What the client sent while `work` ran. */
  async function sentDuring(work: () => Promise<unknown>): Promise<Sent[]> {
    const from = recorder.sent.length;
    await work().catch(() => {});
    return recorder.sent.slice(from);
  }

  /** What ran, in order: simple queries, and each bind of a parsed statement. */
  const statements = (messages: Sent[]) => messages.filter((m) => m.type === 'Q' || m.type === 'B');

  it('rolls back what a failed unit wrote, and the connection goes on working', async () => {
    const messages = await sentDuring(() =>
      handle.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('notes' as never)
          .values({ body: 'two' } as never)
          .execute();
        await trx
          .insertInto('notes' as never)
          .values({ body: 'one' } as never)
          .execute(); // taken: fails
      }),
    );
    expect(statements(messages).map((m) => m.text.split(' ')[0])).toEqual(['begin', 'insert', 'insert', 'rollback']);
    const rows = await sql<{ body: string }>`select body from notes order by id`.execute(handle.db);
    expect(rows.rows).toEqual([{ body: 'one' }]);
  });

  it('fails the unit when its first statement fails, and the next unit commits', async () => {
    const failed = handle.db.transaction().execute((trx) =>
      trx
        .insertInto('notes' as never)
        .values({ body: 'one' } as never)
        .execute(),
    );
    await expect(failed).rejects.toThrow(/duplicate key/);
    const after = await handle.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('notes' as never)
        .values({ body: 'three' } as never)
        .execute();
      return sql<{ n: number }>`select count(*)::int as n from notes`.execute(trx);
    });
    expect(after.rows).toEqual([{ n: 2 }]);
  });

  it('parses a statement marked prepared once on a connection and runs it again by its name', async () => {
    const text = '/* prepared */ select body from notes where id = $1';
    const messages = await sentDuring(() =>
      handle.db.transaction().execute(async (trx) => {
        for (let id = 1; id <= 3; id++) await sql`/* prepared */ select body from notes where id = ${id}`.execute(trx);
        for (let id = 1; id <= 2; id++) await sql`select body from notes where id = ${id}`.execute(trx);
      }),
    );
    expect(messages.filter((m) => m.type === 'P' && m.text === text)).toHaveLength(1);
    // Unmarked: parsed (and planned) at every run.
    expect(messages.filter((m) => m.type === 'P' && m.text === 'select body from notes where id = $1')).toHaveLength(2);
    expect(statements(messages).filter((m) => m.text === text)).toHaveLength(3);
  });

  it('sends every statement unnamed, parsed each time, when prepared statements are off', async () => {
    const unnamed = openDatabase(recordedUrl, undefined, { preparedStatements: false });
    try {
      const text = '/* prepared */ select body from notes where id = $1';
      const messages = await sentDuring(() =>
        unnamed.db.transaction().execute(async (trx) => {
          for (let id = 1; id <= 3; id++)
            await sql`/* prepared */ select body from notes where id = ${id}`.execute(trx);
        }),
      );
      const parsed = messages.filter((m) => m.type === 'P' && m.text === text);
      expect(parsed).toHaveLength(3);
    } finally {
      await unnamed.close();
    }
  });
});
