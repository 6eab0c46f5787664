-- The session a project was converted from. Its PDFs (pdfs/sessions/<id>/…)
-- belong to the project from then on and go when the project goes, even after
-- the project has rendered PDFs of its own. No foreign key: the session row is
-- deleted by the conversion.
ALTER TABLE projects ADD COLUMN origin_session_id uuid;

-- Projects converted before this column existed still point at their
-- session's PDF when they have not rendered one of their own since.
UPDATE projects
   SET origin_session_id = substring(
         pdf_url FROM '/files/pdfs/sessions/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/[0-9]+\.pdf$'
       )::uuid
 WHERE pdf_url ~ '/files/pdfs/sessions/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9]+\.pdf$';

-- The orphan sweep asks whether a session's folder still belongs to a project.
CREATE INDEX projects_origin_session ON projects (origin_session_id) WHERE origin_session_id IS NOT NULL;

-- Background work that one replica of wizard-service does for all of them
-- (the PDF orphan sweep): a replica runs it only while it holds the lease. A
-- row lease rather than an advisory lock: a session-level advisory lock would
-- hold a connection for the whole run, and the embedded database serves one
-- connection at a time.
CREATE TABLE wizard_task_leases (
  task text PRIMARY KEY,
  held_until timestamptz NOT NULL
);
