/**
 * Loaded with `node --require` before the application: starts telemetry for
 * the process. The service name comes from OTEL_SERVICE_NAME or the entry
 * script's folder (gateway, auth-service, ...).
 */
import path from 'node:path';
import { startTelemetry } from './telemetry/telemetry';

const entry = process.argv[1] ?? '';
const folder = path.basename(path.dirname(path.dirname(path.resolve(entry))));
startTelemetry({ serviceName: folder === 'stack' ? 'evalplan' : `evalplan-${folder}` });
