import { Writable } from 'node:stream';
import { createLogger, type Logger } from '@evalplan/common/logging';

/** A debug-level logger whose lines the test reads back, parsed. */
export function capturedLogger(name = 'test'): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger({ name, level: 'debug', destination }), lines };
}
