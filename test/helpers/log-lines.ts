import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../src/observability/logger.ts';

/** A logger at `level` whose JSON lines land in `lines`, for tests that read what was logged. */
export function capturingLogger(level: string): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger({ level, stream }), lines };
}
