import { dataDirSettings } from './runtime-settings';
import { type ConfigOf, defineSettings } from './settings';

/**
 * PostgreSQL, or PGlite in DATA_DIR when DATABASE_URL is unset. RUN_MIGRATIONS=false
 * leaves the schema to a separate step (the Helm chart's pre-install/pre-upgrade
 * Job runs `COMPONENT=migrate`); only with PostgreSQL, since nothing else can
 * reach a process's embedded database to migrate it.
 */
export const databaseSettings = [
  dataDirSettings,
  defineSettings((read) => {
    const databaseUrl = read.url('DATABASE_URL', ['postgres:', 'postgresql:']);
    const runMigrations = read.boolean('RUN_MIGRATIONS', true);
    if (!runMigrations && read.optionalString('DATABASE_URL') === undefined) {
      read.problems.push('RUN_MIGRATIONS=false needs DATABASE_URL: an embedded database is migrated only by its own process');
    }
    return {
      databaseUrl,
      databasePoolSize: read.integer('DATABASE_POOL_SIZE', 10, 1, 100),
      /** Whether a service applies its migrations at start (true unless a separate step does it). */
      runMigrations,
    };
  }),
] as const;
export type DatabaseSettings = ConfigOf<typeof databaseSettings>;

/** Redis, or an in-process cache when REDIS_URL is unset. */
export const cacheSettings = defineSettings((read) => ({ redisUrl: read.url('REDIS_URL', ['redis:', 'rediss:']) }));
export type CacheSettings = ConfigOf<typeof cacheSettings>;
