-- What people do with evalplan: one row per HTTP request the gateway answered
-- and per event a client reported (event_type frontend_<type>, method FRONTEND).
-- id is chosen by the recorder, so a batch retried after a lost answer is
-- stored once (ON CONFLICT DO NOTHING). session_id and project_id are text:
-- clients may report ids of their own.
CREATE TABLE activity_events (
  id uuid PRIMARY KEY,
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
);

-- Rows arrive in time order and are never updated: a BRIN index answers time
-- ranges at a fraction of a B-tree's cost on every insert.
CREATE INDEX activity_events_created_at ON activity_events USING brin (created_at);
CREATE INDEX activity_events_type_created_at ON activity_events (event_type, created_at);
CREATE INDEX activity_events_user_created_at ON activity_events (user_id, created_at) WHERE user_id IS NOT NULL;
CREATE INDEX activity_events_session ON activity_events (session_id) WHERE session_id IS NOT NULL;
CREATE INDEX activity_events_project ON activity_events (project_id) WHERE project_id IS NOT NULL;
