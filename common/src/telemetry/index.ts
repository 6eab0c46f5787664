/**
 * telemetry: starting and stopping OpenTelemetry tracing and metrics (only
 * the preload, telemetry-preload.ts loaded with --require, and tests start
 * them; the SDKs are loaded only when traces are exported or metrics served),
 * and what the components' metric instruments share.
 */
export * from './telemetry';
export * from './instruments';
export * from './fast-histogram';
