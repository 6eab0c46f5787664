import { isSpanContextValid, trace } from '@opentelemetry/api';
import pino, { type Logger } from 'pino';

export type { Logger } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Anything that could hold a secret is censored before a line is written,
 * wherever a careless caller put it.
 */
const REDACT_PATHS = [
  'password',
  '*.password',
  'token',
  '*.token',
  'accessToken',
  '*.accessToken',
  'access_token',
  '*.access_token',
  'refreshToken',
  '*.refreshToken',
  'refresh_token',
  '*.refresh_token',
  'authorization',
  '*.authorization',
  'cookie',
  '*.cookie',
  'headers.authorization',
  'headers.cookie',
  '*.headers.authorization',
  '*.headers.cookie',
  'secret',
  '*.secret',
];

/**
 * Adds the active trace to every line, when there is one (the request id is
 * written by the lines about a request: see requestFields).
 */
function correlationFields(): Record<string, string> {
  const fields: Record<string, string> = {};
  const span = trace.getActiveSpan();
  const spanContext = span?.spanContext();
  if (spanContext && isSpanContextValid(spanContext)) {
    fields.trace_id = spanContext.traceId;
    fields.span_id = spanContext.spanId;
  }
  return fields;
}

/**
 * Writes one line at `level` in the logger's own format (level, time, its
 * bindings, the trace when there is one, then `fields` and `msg`), formatted
 * here instead of by pino: for a line per request whose fields are fixed
 * numbers and known-safe strings, pino's generic path (serialisers, the
 * redaction above, building and stringifying an object) cost the gateway
 * ~30 µs of a ping's ~180 µs (docs/benchmarks.md, "Access log cost").
 * `fields` is the JSON text of the line's own fields, without braces: the
 * caller quotes every string with JSON.stringify. Nothing here redacts, so
 * only fields that cannot hold a secret belong in it.
 */
export function writePreformattedLine(logger: Logger, level: 'info', fields: string, msg: string): void {
  if (!logger.isLevelEnabled(level)) return;
  const { trace_id: traceId, span_id: spanId } = correlationFields();
  const trace = traceId === undefined ? '' : `,"trace_id":"${traceId}","span_id":"${spanId}"`;
  const bindings = (logger as unknown as Record<symbol, string>)[pino.symbols.chindingsSym] ?? '';
  const stream = (logger as unknown as Record<symbol, pino.DestinationStream>)[pino.symbols.streamSym]!;
  stream.write(`{"level":"${level}","time":"${new Date().toISOString()}"${bindings}${trace},${fields},"msg":${JSON.stringify(msg)}}\n`);
}

export interface LoggerOptions {
  name: string;
  level: LogLevel;
  /** Where lines go; stdout when absent. Tests pass a stream to read them. */
  destination?: pino.DestinationStream;
}

let stdout: pino.DestinationStream | undefined;

/**
 * The process's stdout, shared by every logger in it (the all-in-one process
 * has one per component). Written through, line by line: buffering lines to
 * save write calls (tried: 4 KiB, flushed every 250 ms) lost the last lines
 * before a SIGKILL or an OOM kill, the ones an operator needs most.
 */
function stdoutDestination(): pino.DestinationStream {
  stdout ??= pino.destination({ sync: false });
  return stdout;
}

export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      // The component goes out once, as `service` (OpenTelemetry's service.name): pino's own `name` would repeat it.
      level: options.level,
      base: { service: options.name },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin: correlationFields,
      formatters: { level: (label) => ({ level: label }) },
    },
    options.destination ?? stdoutDestination(),
  );
}
