/**
 * Loaded with `node --require` before the application: reads the env file
 * EVALPLAN_ENV_FILE names (the start scripts name ./.env; env-file.ts), then
 * starts telemetry for the process (tracing when exported, and its one
 * metrics endpoint). The service name comes from OTEL_SERVICE_NAME or the
 * entry script's folder (gateway, auth-service, ...).
 */
import path from 'node:path';
import { loadEnvFileIfPresent } from './env-file';
import { startTelemetry } from './telemetry/telemetry';

// Before telemetry and the application read any setting.
loadEnvFileIfPresent();

const entry = process.argv[1] ?? '';
const folder = path.basename(path.dirname(path.dirname(path.resolve(entry))));
startTelemetry({ serviceName: folder === 'stack' ? 'evalplan' : `evalplan-${folder}`, metrics: true });
