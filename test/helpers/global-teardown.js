'use strict';
const fs = require('node:fs/promises');
const { Client } = require('pg');

module.exports = async function globalTeardown() {
  const admin = new Client({ connectionString: process.env.EVALPLAN_TEST_PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${process.env.EVALPLAN_TEST_DB_NAME} WITH (FORCE)`);
  await admin.end();
  await fs.rm(process.env.EVALPLAN_TEST_WORK_DIR, { recursive: true, force: true });
};
