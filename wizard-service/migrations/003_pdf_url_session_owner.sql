-- A project converted by a replica older than migration 002 (a rolling
-- deploy) has no origin_session_id, yet its pdf_url may point into its
-- session's folder: the orphan sweep counts that folder as the project's. Few
-- rows match, and the sweep finds them by the session id in the URL.
CREATE INDEX projects_pdf_url_session ON projects (
  (substring(pdf_url FROM '/files/pdfs/sessions/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/[0-9]+\.pdf$'))
) WHERE origin_session_id IS NULL AND pdf_url LIKE '%/files/pdfs/sessions/%';
