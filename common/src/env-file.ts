/**
 * Reads ./.env into the environment when the file is there: what `npm start`
 * and the start:* scripts do before anything else reads a setting (the
 * telemetry preload imports this first, so OTEL_* can live in .env too).
 * Variables already set in the environment win, so a shell or a container
 * can override the file without editing it. No file is no error: containers
 * and CI configure through their environment.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

export function loadEnvFileIfPresent(file = path.resolve('.env')): boolean {
  if (!existsSync(file)) return false;
  // Node's own parser (node:process, 20.12+): it never overwrites a variable that is already set.
  process.loadEnvFile(file);
  return true;
}
