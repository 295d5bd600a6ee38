import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * How the proxy treats connections:
 * - `forward`: pipes each connection to the target (the normal state);
 * - `blackhole`: accepts new connections and never answers nor forwards them (a server that is
 *   reachable but silent: the client waits for its own timeout);
 * - `refuse`: not listening at all, so a new connection gets ECONNREFUSED (a server that is down);
 * - `stalled`: open connections stay open but nothing more crosses them, and new ones are held as
 *   in `blackhole` (a network that stops delivering packets).
 */
export type ProxyMode = 'forward' | 'blackhole' | 'refuse' | 'stalled';

export interface TcpProxy {
  /** The loopback port the proxy listens on (the same one again after `refuse` and `restore`). */
  port: number;
  mode(): ProxyMode;
  /** Connections currently forwarded to the target. */
  forwarded(): number;
  /**
   * Cuts the path to the target: every open connection is destroyed (both sides) and new ones
   * are held silent (`blackhole`) or refused (`refuse`).
   */
  cut(how: 'blackhole' | 'refuse'): Promise<void>;
  /** Stops moving bytes on the open connections, keeping them open; new connections are held. */
  stall(): void;
  /** Forwards again; connections held by a blackhole are closed first. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A loopback TCP proxy to `target` on 127.0.0.1, on a free port, that a test can cut and restore. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'forward';
  const pairs = new Set<[Socket, Socket]>();
  const held = new Set<Socket>();

  const server: Server = createServer((client) => {
    client.on('error', () => {});
    if (mode !== 'forward') {
      held.add(client);
      client.once('close', () => held.delete(client));
      return;
    }
    const upstream = connect(target.port, target.host);
    upstream.on('error', () => {});
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.once('close', drop);
    upstream.once('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  // Every connection the proxy keeps counts as open for server.close(); they are destroyed by hand.
  server.on('error', () => {});

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  const destroyAll = () => {
    for (const [client, upstream] of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
    for (const socket of held) socket.destroy();
    held.clear();
  };

  await listen(0);
  const port = (server.address() as { port: number }).port;

  return {
    port,
    mode: () => mode,
    forwarded: () => pairs.size,
    async cut(how) {
      mode = how;
      const stopped = how === 'refuse' ? stopListening() : Promise.resolve();
      destroyAll();
      await stopped;
    },
    stall() {
      mode = 'stalled';
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    async restore() {
      for (const socket of held) socket.destroy();
      held.clear();
      if (mode === 'stalled')
        for (const [client, upstream] of pairs) {
          client.pipe(upstream);
          upstream.pipe(client);
        }
      mode = 'forward';
      if (!server.listening) await listen(port);
    },
    async close() {
      mode = 'refuse';
      const stopped = stopListening();
      destroyAll();
      await stopped;
    },
  };
}
