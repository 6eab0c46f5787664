import type { SqlExecutor } from '@evalplan/common/db';
import { ACTIVITY_COLUMNS } from '../domain/activity-row';

/** A partition of activity_events and the time range it takes; bounds in Unix milliseconds. */
export interface EventPartition {
  name: string;
  /** The default partition: rows no other partition takes. */
  isDefault: boolean;
  /** null: unbounded (MINVALUE), or the default partition. */
  startMs: number | null;
  /** null: unbounded (MAXVALUE), or the default partition. */
  endMs: number | null;
  /** PostgreSQL's estimate from its statistics (0 before the first ANALYZE): counting a month of rows would read them all. */
  estimatedRows: number;
}

export const DEFAULT_PARTITION = 'activity_events_default';
const COLUMNS = ACTIVITY_COLUMNS.join(', ');

// The bounds as PostgreSQL prints them (FOR VALUES FROM ('…') TO ('…'), or DEFAULT), read back as timestamps:
// the catalog keeps them only as an expression. Printed and read in the session's TimeZone and DateStyle, which
// begin() sets to UTC and ISO (DateStyle Postgres prints a zone abbreviation, 'IST', read back as Israel's). MINVALUE
// and MAXVALUE are not quoted, so they read as null.
const LIST = String.raw`
  SELECT c.relname AS name, bound = 'DEFAULT' AS is_default,
         (extract(epoch FROM (regexp_match(bound, 'FROM \(''([^'']*)''\)'))[1]::timestamptz) * 1000)::float8 AS start_ms,
         (extract(epoch FROM (regexp_match(bound, 'TO \(''([^'']*)''\)'))[1]::timestamptz) * 1000)::float8 AS end_ms,
         greatest(c.reltuples, 0)::float8 AS estimated_rows
    FROM pg_inherits i
    JOIN pg_class c ON c.oid = i.inhrelid
   CROSS JOIN LATERAL pg_get_expr(c.relpartbound, c.oid) AS bound
   WHERE i.inhparent = 'activity_events'::regclass
   ORDER BY start_ms NULLS FIRST`;

interface PartitionRecord {
  name: string;
  is_default: boolean;
  start_ms: number | null;
  end_ms: number | null;
  estimated_rows: number;
}

/** A timestamp as a SQL literal (DDL takes no parameters); toISOString only ever writes digits, '-', ':', '.', 'T' and 'Z'. */
const timestampLiteral = (at: Date): string => `'${at.toISOString()}'`;

/** A name as a SQL identifier. Ours are made of letters, digits and underscores; quoted all the same. */
const identifier = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * activity_events' monthly partitions: listed, created, dropped. Every call
 * runs inside the caller's transaction; the caller serialises them
 * (PartitionMaintenance).
 */
export const partitionsRepository = {
  /**
   * Starts a maintenance step's transaction: whether it holds the partition
   * lock (false: another replica is doing a step; the caller tries later).
   * Set first, so the advisory lock waits no longer than any statement:
   * every lock of the step waits at most `lockTimeoutMs` (a DROP queued
   * behind a long analyst query would otherwise block every insert queued
   * behind it). UTC and ISO dates, so the bounds list() reads back do not
   * depend on the session's TimeZone and DateStyle.
   */
  async begin(db: SqlExecutor, lockTimeoutMs: number): Promise<boolean> {
    // SET takes no parameters either; a whole number of milliseconds.
    await db.query(`SET LOCAL lock_timeout = ${Math.max(1, Math.round(lockTimeoutMs))}`);
    await db.query(`SET LOCAL TimeZone = 'UTC'`);
    await db.query(`SET LOCAL DateStyle = 'ISO'`);
    const { rows } = await db.query<{ locked: boolean }>(
      `SELECT pg_try_advisory_xact_lock(hashtextextended('activity-partitions', 0)) AS locked`,
    );
    return rows[0]?.locked === true;
  },

  async list(db: SqlExecutor): Promise<EventPartition[]> {
    const { rows } = await db.query<PartitionRecord>(LIST);
    return rows.map((row) => ({
      name: row.name,
      isDefault: row.is_default,
      startMs: row.start_ms,
      endMs: row.end_ms,
      estimatedRows: row.estimated_rows,
    }));
  },

  /**
   * Creates the partition `name` for [start, end), moving into it the rows of
   * that range already stored in the default partition; how many it moved.
   * Made as a plain table and then attached, because a partition cannot be
   * created while the default partition holds rows of its range; ATTACH also
   * leaves inserts into the other partitions running (CREATE … PARTITION OF
   * would lock the whole table). ATTACH creates its indexes.
   *
   * The default partition is locked first against writes: a COPY still
   * writing rows of the month into it would be missed by the move and make
   * ATTACH fail (a row of the new range in the default partition). Writers
   * already in it are waited for (at most the lock timeout); rows routed to
   * it meanwhile wait, and once the partition is attached their statement
   * fails with 23514 (the default partition no longer takes the month), which
   * BatchStore's repair path stores row by row into the new partition.
   */
  async createWithRowsFromDefault(db: SqlExecutor, name: string, start: Date, end: Date): Promise<number> {
    const table = identifier(name);
    const from = timestampLiteral(start);
    const to = timestampLiteral(end);
    await db.query(`LOCK TABLE ${DEFAULT_PARTITION} IN SHARE ROW EXCLUSIVE MODE`);
    await db.query(`CREATE TABLE ${table} (LIKE activity_events INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
    const moved = await db.query(
      `WITH moved AS (DELETE FROM ${DEFAULT_PARTITION} WHERE created_at >= $1 AND created_at < $2 RETURNING ${COLUMNS})
       INSERT INTO ${table} (${COLUMNS}) SELECT ${COLUMNS} FROM moved`,
      [start.toISOString(), end.toISOString()],
    );
    await db.query(`ALTER TABLE activity_events ATTACH PARTITION ${table} FOR VALUES FROM (${from}) TO (${to})`);
    return moved.rowCount ?? 0;
  },

  /** Drops a partition with all its rows: no dead rows left behind, nothing to vacuum. */
  async drop(db: SqlExecutor, name: string): Promise<void> {
    await db.query(`DROP TABLE ${identifier(name)}`);
  },

  /** Deletes the default partition's rows older than `before`; how many. */
  async deleteFromDefaultBefore(db: SqlExecutor, before: Date): Promise<number> {
    const result = await db.query(`DELETE FROM ${DEFAULT_PARTITION} WHERE created_at < $1`, [before.toISOString()]);
    return result.rowCount ?? 0;
  },
};
