import { dataDirSettings } from './runtime-settings';
import { type ConfigOf, defineSettings } from './settings';

/** PostgreSQL, or PGlite in DATA_DIR when DATABASE_URL is unset. */
export const databaseSettings = [
  dataDirSettings,
  defineSettings((read) => ({
    databaseUrl: read.url('DATABASE_URL', ['postgres:', 'postgresql:']),
    databasePoolSize: read.integer('DATABASE_POOL_SIZE', 10, 1, 100),
  })),
] as const;
export type DatabaseSettings = ConfigOf<typeof databaseSettings>;

/** Redis, or an in-process cache when REDIS_URL is unset. */
export const cacheSettings = defineSettings((read) => ({ redisUrl: read.url('REDIS_URL', ['redis:', 'rediss:']) }));
export type CacheSettings = ConfigOf<typeof cacheSettings>;
