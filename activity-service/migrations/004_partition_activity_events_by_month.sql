-- activity_events grows by about 200 million rows a day at the measured
-- request rate. Partitioned by calendar month (UTC), old months go by
-- dropping a whole partition (instant, no dead rows, no vacuum) instead of a
-- DELETE; activity-service creates the coming months ahead and drops the
-- months past ACTIVITY_RETENTION (src/use-cases/partition-maintenance.ts).
-- Partitions are named activity_events_pYYYY_MM.
--
-- The existing table is converted in place: every row is copied. It holds
-- the table for the whole copy, so a large one is best converted as a
-- separate step (RUN_MIGRATIONS=false, COMPONENT=migrate) before new
-- replicas start.
ALTER TABLE activity_events RENAME TO activity_events_unpartitioned;
-- Their names go to the new table's indexes; the copy reads every row anyway.
ALTER TABLE activity_events_unpartitioned DROP CONSTRAINT activity_events_pkey;
DROP INDEX activity_events_created_at, activity_events_type_created_at, activity_events_user_created_at,
  activity_events_session, activity_events_project;

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

-- Rows of a month without a partition (a spool replaying an old batch, a
-- clock far off) land here rather than being refused. When their month's
-- partition is created they move into it; past the retention they are deleted.
CREATE TABLE activity_events_default PARTITION OF activity_events DEFAULT;

-- A partition for every month the old rows fall in, plus the current month
-- and the three after it. Bounds are UTC month starts, whatever the
-- session's time zone.
DO $$
DECLARE
  month_start timestamp;
BEGIN
  FOR month_start IN
    SELECT DISTINCT date_trunc('month', created_at AT TIME ZONE 'UTC') FROM activity_events_unpartitioned WHERE isfinite(created_at)
    UNION
    SELECT date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => ahead) FROM generate_series(0, 3) AS ahead
  LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF activity_events FOR VALUES FROM (%L) TO (%L)',
                   'activity_events_p' || to_char(month_start, 'YYYY_MM'),
                   to_char(month_start, 'YYYY-MM-DD"T00:00:00Z"'),
                   to_char(month_start + interval '1 month', 'YYYY-MM-DD"T00:00:00Z"'));
  END LOOP;
END $$;

INSERT INTO activity_events (id, event_type, user_id, session_id, project_id, method, path, status_code, duration_ms, metadata, created_at)
SELECT id, event_type, user_id, session_id, project_id, method, path, status_code, duration_ms, metadata, created_at
  FROM activity_events_unpartitioned;
DROP TABLE activity_events_unpartitioned;

-- Indexes are built after the copy (one sort per partition instead of an
-- insert per row) and defined on the parent: every partition, the ones
-- created later too, gets its own copy of each.
-- The partition key must be part of a unique key on a partitioned table. A
-- retried batch repeats both id and created_at, so it is still stored once.
-- Time first: the key is also the time index, for plain requests over time
-- (it replaces migration 001's BRIN index: a B-tree on created_at is paid for
-- anyway, and it answers a fresh month's partition, too small or too new to
-- have statistics, as well as a full one). Rows arrive in time order, so
-- entries are appended at the right edge of the index.
ALTER TABLE activity_events ADD CONSTRAINT activity_events_pkey PRIMARY KEY (created_at, id);
-- The two reads an analyst makes: one user over time, one type over time.
-- api_request is left out of the type index, as migration 002 explains.
CREATE INDEX activity_events_user_created_at ON activity_events (user_id, created_at) WHERE user_id IS NOT NULL;
CREATE INDEX activity_events_type_created_at ON activity_events (event_type, created_at) WHERE event_type <> 'api_request';
CREATE INDEX activity_events_session ON activity_events (session_id) WHERE session_id IS NOT NULL;
CREATE INDEX activity_events_project ON activity_events (project_id) WHERE project_id IS NOT NULL;
