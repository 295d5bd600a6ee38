import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEdge, type RunningEdge } from '../../src/edge/server.ts';
import { useTestApp } from '../helpers/app.ts';

// A client that sends its headers or body slowly is cut off at REQUEST_TIMEOUT_MS on
// both ports, instead of holding a socket (and, on the API, a parser) for as long as it likes.
const t = useTestApp({ REQUEST_TIMEOUT_MS: '400', HOST: '127.0.0.1', SHORT_PORT: '0' }, { user: 'pro' });
let edge: RunningEdge;
let apiPort: number;
let token: string;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  apiPort = (t.app.server.address() as AddressInfo).port;
  edge = await startEdge(t.ctx);
  token = t.defaultUser.plaintext;
});
afterAll(async () => {
  await edge.close();
});

/** Sends `head` (and no more), then waits for the server's answer or for it to close the socket. */
function trickle(port: number, head: string): Promise<{ answer: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve({ answer, ms: Date.now() - started }));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after 5 s: ${answer}`));
    }, 5_000).unref();
  });
}

describe('request timeouts', () => {
  it('answers a body that never finishes with 408 and closes the socket on the API port', async () => {
    const head =
      'POST /api/v1/links HTTP/1.1\r\nHost: api.test\r\nContent-Type: application/json\r\n' +
      `Authorization: Bearer ${token}\r\nContent-Length: 100\r\n\r\n{`;
    const { answer, ms } = await trickle(apiPort, head);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(3_000);
  });

  it('closes a socket whose headers never finish on the short host', async () => {
    const port = (edge.server.address() as AddressInfo).port;
    const { answer, ms } = await trickle(port, 'GET /abc HTTP/1.1\r\nHost: short.test\r\nX-Slow: ');
    expect(answer === '' || /^HTTP\/1\.1 408/.test(answer)).toBe(true);
    expect(ms).toBeLessThan(3_000);
  });
});
