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

export interface LoggerOptions {
  name: string;
  level: LogLevel;
  /** Where lines go; stdout when absent. Tests pass a stream to read them. */
  destination?: pino.DestinationStream;
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
    options.destination ?? pino.destination({ sync: false }),
  );
}
