import path from 'node:path';
import {
  type ConfigOf,
  databaseSettings,
  defineSettings,
  dependencySettings,
  type Env,
  loadSettings,
  runtimeSettings,
  type ServiceName,
} from '@evalplan/common/config';
import { openDatabase, runMigrations } from '@evalplan/common/db';
import { processDependencies } from '@evalplan/common/dependencies';
import type { Logger } from '@evalplan/common/logging';

/**
 * The services with tables, and where their numbered SQL files are: each
 * package's migrations/ folder, beside its dist/ (as the image ships them).
 */
const SERVICE_PACKAGES: ReadonlyArray<{ service: ServiceName; packageName: string }> = [
  { service: 'auth', packageName: '@evalplan/auth-service' },
  { service: 'wizard', packageName: '@evalplan/wizard-service' },
  { service: 'activity', packageName: '@evalplan/activity-service' },
];

export function serviceMigrations(): Array<{ service: ServiceName; directory: string }> {
  return SERVICE_PACKAGES.map(({ service, packageName }) => ({
    service,
    // The entry is <package>/dist/index.js; its migrations/ is a sibling of dist/.
    directory: path.resolve(path.dirname(require.resolve(packageName)), '..', 'migrations'),
  }));
}

/** What the migration step reads: the runtime, the dependency waits and PostgreSQL, which it requires. */
export const migrateSettings = [
  runtimeSettings,
  dependencySettings,
  databaseSettings,
  defineSettings((read) => {
    if (read.optionalString('DATABASE_URL') === undefined) read.problems.push('DATABASE_URL is required to run migrations');
    return {};
  }),
] as const;
export type MigrateConfig = ConfigOf<typeof migrateSettings>;

export const loadMigrateConfig = (env?: Env): MigrateConfig => loadSettings(migrateSettings, env);

/**
 * Applies every service's pending migrations to PostgreSQL, then closes its
 * connection: the step a deployment runs once before the services start with
 * RUN_MIGRATIONS=false (the Helm chart's pre-install/pre-upgrade Job). Waits
 * for PostgreSQL like a service does (DEPENDENCY_WAIT_TIMEOUT). Returns how
 * many files each service applied.
 */
export async function migrateAll(
  config: MigrateConfig,
  logger: Logger,
  signal: AbortSignal = new AbortController().signal,
): Promise<Record<string, number>> {
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 1, logger });
  try {
    await processDependencies(db, undefined, config, logger).waitUntilReachable(signal);
    const applied: Record<string, number> = {};
    for (const { service, directory } of serviceMigrations()) {
      applied[service] = await runMigrations(db.pool, { service, directory, logger });
    }
    return applied;
  } finally {
    await db.close();
  }
}
