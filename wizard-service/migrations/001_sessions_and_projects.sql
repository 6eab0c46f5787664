-- Anonymous wizards. steps maps "1".."4" to the step data exactly as saved;
-- current_step and is_complete are worked out when a step is saved, so reads
-- return stored values without parsing or validating the steps again.
-- Expired rows answer as missing at once and are purged in the background.
CREATE TABLE wizard_sessions (
  id uuid PRIMARY KEY,
  steps jsonb NOT NULL DEFAULT '{}'::jsonb,
  current_step smallint NOT NULL DEFAULT 1,
  is_complete boolean NOT NULL DEFAULT false,
  pdf_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

CREATE INDEX wizard_sessions_expires_at ON wizard_sessions (expires_at);

-- Projects of registered users. owner_id is auth-service's user id; services
-- own their tables, so there is no foreign key across them.
CREATE TABLE projects (
  id uuid PRIMARY KEY,
  owner_id uuid NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  steps jsonb NOT NULL DEFAULT '{}'::jsonb,
  current_step smallint NOT NULL DEFAULT 1,
  is_complete boolean NOT NULL DEFAULT false,
  pdf_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The project list: one owner's projects, newest first, id as tie-break.
CREATE INDEX projects_owner_newest ON projects (owner_id, created_at DESC, id DESC);
