import type { SqlExecutor } from '@evalplan/common/db';
import type { PdfOwner, PdfOwnerRows } from '../use-cases/ports';

/** The session a PDF URL points into, as migrations 002 and 003 read it (003 indexes this very expression). */
const SESSION_OF_PDF_URL = String.raw`substring(pdf_url FROM '/files/pdfs/sessions/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/[0-9]+\.pdf$')`;

// A session's folder belongs to the session while its row is there (expired or not: the purge deletes its
// files with it), and to the project converted from it afterwards: by origin_session_id, or, for a project
// converted by a replica older than migration 002 (no origin recorded), by the pdf_url that still points
// into the folder (migration 003's partial index: its WHERE is repeated word for word). One statement, so
// one snapshot: a conversion committing meanwhile is seen either before (session) or after (project),
// never as neither.
export const EXISTING_OWNERS: Record<PdfOwner, string> = {
  projects: 'SELECT id::text AS id FROM projects WHERE id = ANY($1::uuid[])',
  sessions: `SELECT id::text AS id FROM wizard_sessions WHERE id = ANY($1::uuid[])
             UNION SELECT origin_session_id::text FROM projects WHERE origin_session_id = ANY($1::uuid[])
             UNION SELECT ${SESSION_OF_PDF_URL} FROM projects
                    WHERE origin_session_id IS NULL AND pdf_url LIKE '%/files/pdfs/sessions/%'
                      AND ${SESSION_OF_PDF_URL} = ANY($1::uuid[]::text[])`,
};

export class SqlPdfOwnerRows implements PdfOwnerRows {
  constructor(private readonly db: SqlExecutor) {}

  async existing(owner: PdfOwner, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const result = await this.db.query<{ id: string }>({
      name: `pdf-owners-existing-${owner}`,
      text: EXISTING_OWNERS[owner],
      values: [ids],
    });
    return new Set(result.rows.map((row) => row.id));
  }
}
