// Creates this run's own PostgreSQL database (dropped in global-teardown) and
// an initialised PGlite data directory that embedded stacks copy instead of
// running initdb each time. Values reach the test workers through env vars.
'use strict';
const { randomBytes } = require('node:crypto');
const fs = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('pg');

module.exports = async function globalSetup() {
  const adminUrl = process.env.TEST_PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `evalplan_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `The tests need PostgreSQL at ${adminUrl} (set TEST_PG_ADMIN_URL) and Redis at ` +
        `${process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379'} (set TEST_REDIS_URL): ${error.message}`,
      { cause: error },
    );
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;

  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'evalplan-test-'));
  const { PGlite } = require('@electric-sql/pglite');
  const template = path.join(workDir, 'pglite-template');
  const db = await PGlite.create(template);
  await db.close();

  process.env.EVALPLAN_TEST_DB_NAME = name;
  process.env.EVALPLAN_TEST_DATABASE_URL = url.toString();
  process.env.EVALPLAN_TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
  process.env.EVALPLAN_TEST_PG_ADMIN_URL = adminUrl;
  process.env.EVALPLAN_TEST_WORK_DIR = workDir;
  process.env.EVALPLAN_TEST_PGLITE_TEMPLATE = template;
};
