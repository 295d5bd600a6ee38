import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

describe('the logger', () => {
  it("keeps a postback's secret out of request lines, and credentials out of headers", () => {
    const stream = new PassThrough();
    const lines: string[] = [];
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const logger = createLogger({ level: 'info', stream });
    logger.info({
      req: {
        method: 'GET',
        url: '/postback/pbs_4fJ2kQ9xLmN7vR1tY8wZ3aBcD5eF6gH0?order_id=1',
        headers: { authorization: 'Bearer hl_secret' },
      },
    });
    logger.flush();
    const logged = JSON.parse(lines.join(''));
    expect(logged.req.url).toBe('/postback/[redacted]?order_id=1');
    expect(logged.req.headers.authorization).toBe('[redacted]');
    expect(lines.join('')).not.toContain('pbs_');
  });
});
