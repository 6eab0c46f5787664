import type { SqlExecutor } from '@evalplan/common/db';

/** Whose PDF folder it is, in pdf-service's words. */
export type PdfOwner = 'projects' | 'sessions';

/** Which owners of stored PDF folders still have a row here: what the orphan sweep keeps. */
export interface PdfOwnerRows {
  /** Those of `ids` (lower-case UUIDs) that still belong to a row. */
  existing(owner: PdfOwner, ids: readonly string[]): Promise<Set<string>>;
}

// A session's folder belongs to the session while its row is there (expired or not: the purge deletes its
// files with it), and to the project converted from it afterwards. One statement, so one snapshot: a
// conversion committing meanwhile is seen either before (session) or after (project), never as neither.
const EXISTING: Record<PdfOwner, string> = {
  projects: 'SELECT id::text AS id FROM projects WHERE id = ANY($1::uuid[])',
  sessions: `SELECT id::text AS id FROM wizard_sessions WHERE id = ANY($1::uuid[])
             UNION SELECT origin_session_id::text FROM projects WHERE origin_session_id = ANY($1::uuid[])`,
};

export class SqlPdfOwnerRows implements PdfOwnerRows {
  constructor(private readonly db: SqlExecutor) {}

  async existing(owner: PdfOwner, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const result = await this.db.query<{ id: string }>({ name: `pdf-owners-existing-${owner}`, text: EXISTING[owner], values: [ids] });
    return new Set(result.rows.map((row) => row.id));
  }
}
