import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { Client } from 'pg';
import { createAuthService, loadAuthConfig } from '@evalplan/auth-service';
import { createLogger } from '@evalplan/common/logging';
import { createWizardService, loadWizardConfig } from '@evalplan/wizard-service';
import { loadMigrateConfig, migrateAll, serviceMigrations } from './migrations';

const logger = createLogger({ name: 'test', level: 'silent' });
const adminUrl = process.env.EVALPLAN_TEST_PG_ADMIN_URL!;

/** A database of its own, so the migrations start from nothing (the run's shared database is migrated already). */
describe('migrations as a separate step (RUN_MIGRATIONS=false and COMPONENT=migrate)', () => {
  const name = `${process.env.EVALPLAN_TEST_DB_NAME}_migrate_${randomBytes(3).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  async function admin<T>(run: (client: Client) => Promise<T>, target = adminUrl): Promise<T> {
    const client = new Client({ connectionString: target });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  }
  const tables = (): Promise<string[]> =>
    admin(async (client) => {
      const { rows } = await client.query<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
      );
      return rows.map((row) => row.name);
    }, databaseUrl);

  beforeAll(() => admin((client) => client.query(`CREATE DATABASE ${name}`)));
  afterAll(() => admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));

  it('a service started with RUN_MIGRATIONS=false leaves the schema alone', async () => {
    const env = { DATABASE_URL: databaseUrl, RUN_MIGRATIONS: 'false', NODE_ENV: 'test' };
    const auth = createAuthService(loadAuthConfig({ ...env, AUTH_SERVICE_ADDR: '127.0.0.1:0' }), logger);
    const wizard = createWizardService(loadWizardConfig({ ...env, WIZARD_SERVICE_ADDR: '127.0.0.1:0' }), logger);
    await auth.start();
    await wizard.start();
    await wizard.stop();
    await auth.stop();
    expect(await tables()).toEqual([]);
  });

  it('the migration step applies every service once, then nothing', async () => {
    const config = loadMigrateConfig({ DATABASE_URL: databaseUrl, NODE_ENV: 'test' });
    const files = Object.fromEntries(
      serviceMigrations().map(({ service, directory }) => [service, readdirSync(directory).filter((file) => file.endsWith('.sql')).length]),
    );
    expect(await migrateAll(config, logger)).toEqual(files);
    expect(await tables()).toEqual(
      expect.arrayContaining([
        'auth_schema_migrations',
        'wizard_schema_migrations',
        'activity_schema_migrations',
        'users',
        'activity_events',
      ]),
    );
    expect(await migrateAll(config, logger)).toEqual({ auth: 0, wizard: 0, activity: 0 });
  });
});
