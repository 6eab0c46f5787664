import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logging/logger';
import type { Queryable } from './queryable';

/** One advisory lock for all services: migrations never run concurrently. */
const MIGRATION_LOCK_KEY = 7_420_311_901;
const FILE_PATTERN = /^(\d{3,})_([a-z0-9_]+)\.sql$/;

interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

async function readMigrations(directory: string): Promise<Migration[]> {
  const files = (await readdir(directory)).filter((file) => file.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = FILE_PATTERN.exec(file);
    if (!match) throw new Error(`Migration file "${file}" must be named NNN_description.sql`);
    const sql = await readFile(path.join(directory, file), 'utf8');
    const version = Number(match[1]);
    if (migrations.some((m) => m.version === version)) throw new Error(`Two migrations share version ${version}`);
    migrations.push({ version, name: match[2]!, sql, checksum: createHash('sha256').update(sql).digest('hex') });
  }
  return migrations;
}

/**
 * Applies the service's numbered SQL files that are not applied yet, each in
 * its own transaction, under an advisory lock so replicas starting together
 * do not race. A changed file that was already applied stops the start: the
 * database would no longer match the code.
 */
export async function runMigrations(pool: Queryable, options: { service: string; directory: string; logger: Logger }): Promise<number> {
  const table = `${options.service}_schema_migrations`;
  if (!/^[a-z_]+$/.test(table)) throw new Error(`Invalid service name for migrations: ${options.service}`);
  const migrations = await readMigrations(options.directory);
  const client = await pool.connect();
  let applied = 0;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await client.query(
        `CREATE TABLE IF NOT EXISTS ${table} (
           version integer PRIMARY KEY,
           name text NOT NULL,
           checksum text NOT NULL,
           applied_at timestamptz NOT NULL DEFAULT now()
         )`,
      );
      const { rows } = await client.query<{ version: number; checksum: string }>(`SELECT version, checksum FROM ${table}`);
      const done = new Map(rows.map((row) => [row.version, row.checksum]));
      for (const migration of migrations) {
        const checksum = done.get(migration.version);
        if (checksum !== undefined) {
          if (checksum !== migration.checksum) {
            throw new Error(`Migration ${options.service}/${migration.version}_${migration.name} changed after it was applied`);
          }
          continue;
        }
        await client.query('BEGIN');
        try {
          await client.query(migration.sql);
          await client.query(`INSERT INTO ${table} (version, name, checksum) VALUES ($1, $2, $3)`, [
            migration.version,
            migration.name,
            migration.checksum,
          ]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        }
        applied += 1;
        options.logger.info({ version: migration.version, name: migration.name }, `applied ${options.service} migration`);
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
  return applied;
}
