/**
 * telemetry: starting and stopping OpenTelemetry tracing. Only the preload
 * (telemetry-preload.ts, loaded with --require) and tests use it; the SDK is
 * loaded only when traces are exported.
 */
export * from './telemetry';
