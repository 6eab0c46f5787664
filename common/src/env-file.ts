/**
 * Reads the env file EVALPLAN_ENV_FILE names, when there is one: `npm start`
 * and the start:* scripts name ./.env, so settings can live there. Nothing
 * else reads a file by default: a test or benchmark that spawns a component
 * from the repository must not pick up a developer's .env. The telemetry
 * preload calls this first, so OTEL_* can live in the file too. Variables
 * already set in the environment win, so a shell or a container can override
 * the file without editing it. A named file that is not there is no error.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

export const ENV_FILE_VARIABLE = 'EVALPLAN_ENV_FILE';

export function loadEnvFileIfPresent(name = process.env[ENV_FILE_VARIABLE]): boolean {
  if (!name) return false;
  const file = path.resolve(name);
  if (!existsSync(file)) return false;
  // Node's own parser (node:process, 20.12+): it never overwrites a variable that is already set.
  process.loadEnvFile(file);
  return true;
}
