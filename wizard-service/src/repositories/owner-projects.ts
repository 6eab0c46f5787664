import type { SqlExecutor } from '@evalplan/common/db';
import { PROJECTS } from './projects';
import type { Project } from '../domain/wizard-records';
import type { ExportCursor, OwnedProject, OwnerProjectStore } from '../use-cases/ports';

interface OwnedRecord {
  id: string;
  pdf_url: string | null;
  origin_session_id: string | null;
}

const ownedOf = (row: OwnedRecord): OwnedProject => ({ id: row.id, pdfUrl: row.pdf_url, originSessionId: row.origin_session_id });

type ExportRecord = Parameters<typeof PROJECTS.spec.toRow>[0] & { cursor_at: string };

// Keyset pages: each page is one index range (projects_owner_newest, read backwards), however far the export got.
const FIRST_PAGE = `SELECT ${PROJECTS.select}, created_at::text AS cursor_at FROM projects
                     WHERE owner_id = $1 ORDER BY created_at, id LIMIT $2`;
const NEXT_PAGE = `SELECT ${PROJECTS.select}, created_at::text AS cursor_at FROM projects
                    WHERE owner_id = $1 AND (created_at, id) > ($3::timestamptz, $4::uuid) ORDER BY created_at, id LIMIT $2`;

export class SqlOwnerProjectStore implements OwnerProjectStore {
  constructor(private readonly db: SqlExecutor) {}

  async exportPage(ownerId: string, after: ExportCursor | undefined, limit: number): Promise<{ rows: Project[]; next?: ExportCursor }> {
    const result = after
      ? await this.db.query<ExportRecord>({
          name: 'project-export-next',
          text: NEXT_PAGE,
          values: [ownerId, limit, after.createdAt, after.id],
        })
      : await this.db.query<ExportRecord>({ name: 'project-export-first', text: FIRST_PAGE, values: [ownerId, limit] });
    const last = result.rows[result.rows.length - 1];
    return { rows: result.rows.map(PROJECTS.spec.toRow), next: last && { createdAt: last.cursor_at, id: last.id } };
  }

  async owned(ownerId: string): Promise<OwnedProject[]> {
    const result = await this.db.query<OwnedRecord>('SELECT id, pdf_url, origin_session_id FROM projects WHERE owner_id = $1', [ownerId]);
    return result.rows.map(ownedOf);
  }

  async deleteOwned(ownerId: string): Promise<OwnedProject[]> {
    const result = await this.db.query<OwnedRecord>('DELETE FROM projects WHERE owner_id = $1 RETURNING id, pdf_url, origin_session_id', [
      ownerId,
    ]);
    return result.rows.map(ownedOf);
  }
}
