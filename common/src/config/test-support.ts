import type { Env } from './env-reader';
import { ConfigError, readSettings, type Settings } from './settings';

/** The problems loading `settings` from `env` reports, none when it loads: for the tests of each component's settings. */
export function configProblems(settings: Settings, env: Env): string[] {
  try {
    readSettings(settings, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}
