import { existsSync, readdirSync } from 'node:fs';
import { configProblems, databaseSettings, loadSettings } from '@evalplan/common/config';
import { loadMigrateConfig, migrateSettings, serviceMigrations } from './migrations';

describe('RUN_MIGRATIONS and the migration step', () => {
  it('services migrate at start unless RUN_MIGRATIONS=false, which needs PostgreSQL', () => {
    expect(loadSettings(databaseSettings, {}).runMigrations).toBe(true);
    const url = 'postgres://evalplan@db:5432/evalplan';
    expect(loadSettings(databaseSettings, { DATABASE_URL: url, RUN_MIGRATIONS: 'false' }).runMigrations).toBe(false);
    expect(configProblems(databaseSettings, { RUN_MIGRATIONS: 'false' })).toEqual([
      expect.stringContaining('RUN_MIGRATIONS=false needs DATABASE_URL'),
    ]);
    expect(configProblems(databaseSettings, { DATABASE_URL: url, RUN_MIGRATIONS: 'sometimes' })).toEqual([
      expect.stringContaining('RUN_MIGRATIONS must be true or false'),
    ]);
  });

  it('the step requires DATABASE_URL and reads the dependency waits', () => {
    expect(configProblems(migrateSettings, {})).toEqual(['DATABASE_URL is required to run migrations']);
    const config = loadMigrateConfig({ DATABASE_URL: 'postgres://evalplan@db:5432/evalplan', DEPENDENCY_WAIT_TIMEOUT: '2m' });
    expect(config).toMatchObject({ databaseUrl: 'postgres://evalplan@db:5432/evalplan', dependencyWaitTimeoutMs: 120_000 });
  });

  it('knows the migrations folder of every service with tables', () => {
    const found = serviceMigrations();
    expect(found.map((entry) => entry.service)).toEqual(['auth', 'wizard', 'activity']);
    for (const { directory } of found) {
      expect(existsSync(directory)).toBe(true);
      expect(readdirSync(directory).filter((file) => file.endsWith('.sql')).length).toBeGreaterThan(0);
    }
  });
});
