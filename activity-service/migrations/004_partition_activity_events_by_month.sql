-- activity_events grows by about 200 million rows a day at the measured
-- request rate. Partitioned by calendar month (UTC), old months go by
-- dropping a whole partition (instant, no dead rows, no vacuum) instead of a
-- DELETE; activity-service creates the coming months ahead and drops the
-- months past ACTIVITY_RETENTION (src/use-cases/partition-maintenance.ts).
-- Partitions are named activity_events_pYYYY_MM.
--
-- The existing table is converted in place without copying its rows: it
-- becomes one partition, activity_events_legacy, covering every time before
-- the month after its newest row (at the latest, the month after the current
-- one); the retention drops it whole once that month is past the retention.
-- What this costs on a large table, all under the table's lock: building the
-- two indexes below (unless built beforehand, see there) and one read of
-- every row to check the range; no row is written.
ALTER TABLE activity_events RENAME TO activity_events_legacy;
-- The old key (id alone) would refuse a row the new key (created_at, id)
-- takes; the BRIN index is replaced by that key, which starts with the time.
ALTER TABLE activity_events_legacy DROP CONSTRAINT activity_events_pkey;
DROP INDEX activity_events_created_at;
-- The export reads a user's events in key order: the user index gains id (see the parent's below).
DROP INDEX activity_events_user_created_at;
-- Renamed so the parent's indexes can take the names; each is the same
-- definition as the parent's, so PostgreSQL attaches it as it is.
ALTER INDEX activity_events_type_created_at RENAME TO activity_events_legacy_type_created_at;
ALTER INDEX activity_events_session RENAME TO activity_events_legacy_session;
ALTER INDEX activity_events_project RENAME TO activity_events_legacy_project;

CREATE TABLE activity_events (
  id uuid NOT NULL,
  event_type text NOT NULL,
  user_id uuid,
  session_id text,
  project_id text,
  method text NOT NULL,
  path text NOT NULL,
  status_code integer,
  duration_ms double precision,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL
) PARTITION BY RANGE (created_at);

-- Defined on the parent: every partition, the ones created later too, gets
-- its own copy of each.
-- The partition key must be part of a unique key on a partitioned table. A
-- retried batch repeats both id and created_at, so it is still stored once.
-- Time first: the key is also the time index, for plain requests over time
-- (it replaces migration 001's BRIN index: a B-tree on created_at is paid for
-- anyway, and it answers a fresh month's partition, too small or too new to
-- have statistics, as well as a full one). Rows arrive in time order, so
-- entries are appended at the right edge of the index.
ALTER TABLE activity_events ADD CONSTRAINT activity_events_pkey PRIMARY KEY (created_at, id);
-- One user over time, in the export's order (created_at, id) exactly, so a
-- page reads its rows from each partition's index already sorted; and one
-- type over time (api_request left out, as migration 002 explains).
CREATE INDEX activity_events_user_created_at ON activity_events (user_id, created_at, id) WHERE user_id IS NOT NULL;
CREATE INDEX activity_events_type_created_at ON activity_events (event_type, created_at) WHERE event_type <> 'api_request';
CREATE INDEX activity_events_session ON activity_events (session_id) WHERE session_id IS NOT NULL;
CREATE INDEX activity_events_project ON activity_events (project_id) WHERE project_id IS NOT NULL;

-- Rows of a month without a partition (a spool replaying an old batch, a
-- clock far off) land here rather than being refused. When their month's
-- partition is created they move into it; past the retention they are deleted.
CREATE TABLE activity_events_default PARTITION OF activity_events DEFAULT;

DO $$
DECLARE
  -- Month starts as UTC timestamps: month arithmetic on them does not depend on the session's time zone.
  next_month timestamp := date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month';
  legacy_end timestamp;
  month_start timestamp;
BEGIN
  IF NOT EXISTS (SELECT FROM activity_events_legacy) THEN
    -- A fresh install: nothing to keep.
    DROP TABLE activity_events_legacy;
    legacy_end := next_month - interval '1 month';
  ELSE
    -- What an attached partition needs: a unique index matching the key. Both
    -- indexes can be built beforehand on the old table with CREATE INDEX
    -- CONCURRENTLY under these names (writes go on meanwhile); they are then
    -- used as they are.
    CREATE UNIQUE INDEX IF NOT EXISTS activity_events_legacy_created_at_id ON activity_events_legacy (created_at, id);
    CREATE INDEX IF NOT EXISTS activity_events_legacy_user_created_at_id ON activity_events_legacy (user_id, created_at, id)
      WHERE user_id IS NOT NULL;
    -- A plain unique index does not stand for the parent's primary key; the constraint made from it does.
    ALTER TABLE activity_events_legacy ADD CONSTRAINT activity_events_legacy_pkey PRIMARY KEY USING INDEX activity_events_legacy_created_at_id;

    -- The month after the newest row, found through that index; a row of a
    -- later month (a clock far ahead, 'infinity') goes to the partition of
    -- its month or the default one below.
    SELECT date_trunc('month', max(created_at) AT TIME ZONE 'UTC') + interval '1 month'
      INTO legacy_end FROM activity_events_legacy WHERE created_at < next_month AT TIME ZONE 'UTC';
    legacy_end := coalesce(legacy_end, next_month);
  END IF;

  -- A partition for every month from there to the current one and three after it.
  month_start := legacy_end;
  WHILE month_start < next_month + interval '3 months' LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF activity_events FOR VALUES FROM (%L) TO (%L)',
                   'activity_events_p' || to_char(month_start, 'YYYY_MM'),
                   to_char(month_start, 'YYYY-MM-DD"T00:00:00Z"'),
                   to_char(month_start + interval '1 month', 'YYYY-MM-DD"T00:00:00Z"'));
    month_start := month_start + interval '1 month';
  END LOOP;

  IF to_regclass('activity_events_legacy') IS NOT NULL THEN
    -- The few rows past the range leave before the check.
    INSERT INTO activity_events SELECT * FROM activity_events_legacy WHERE created_at >= legacy_end AT TIME ZONE 'UTC';
    DELETE FROM activity_events_legacy WHERE created_at >= legacy_end AT TIME ZONE 'UTC';
    -- A validated constraint implying the range lets ATTACH skip its own
    -- read of every row; the one read is here. Dropped after: the partition
    -- bound says the same.
    EXECUTE format('ALTER TABLE activity_events_legacy ADD CONSTRAINT activity_events_legacy_range CHECK (created_at < %L)',
                   to_char(legacy_end, 'YYYY-MM-DD"T00:00:00Z"'));
    EXECUTE format('ALTER TABLE activity_events ATTACH PARTITION activity_events_legacy FOR VALUES FROM (MINVALUE) TO (%L)',
                   to_char(legacy_end, 'YYYY-MM-DD"T00:00:00Z"'));
    ALTER TABLE activity_events_legacy DROP CONSTRAINT activity_events_legacy_range;
  END IF;
END $$;
