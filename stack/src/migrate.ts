/**
 * `node stack/dist/migrate.js` (the image's COMPONENT=migrate): applies the
 * pending migrations of every service to DATABASE_URL and exits 0, or exits 1
 * with the reason. Services started with RUN_MIGRATIONS=false rely on it.
 */
import { createLogger } from '@evalplan/common/logging';
import { loadMigrateConfig, migrateAll } from './migrations';

async function main(): Promise<void> {
  const config = loadMigrateConfig(process.env);
  const logger = createLogger({ name: 'migrate', level: config.logLevel });
  const stop = new AbortController();
  process.once('SIGTERM', () => stop.abort());
  process.once('SIGINT', () => stop.abort());
  const applied = await migrateAll(config, logger, stop.signal);
  logger.info({ applied }, 'migrations are up to date');
  logger.flush();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`migrate failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
