import type { SqlExecutor } from '@evalplan/common';
import { isoTimestamp, type SessionRow, WIZARD_SELECT, type WizardRecord, type WizardUpdate, wizardColumnsOf } from './wizard-rows';

interface Record extends WizardRecord {
  id: string;
  created_at_iso: string;
  expires_at_iso: string;
}

const toSession = (row: Record): SessionRow => ({
  id: row.id,
  createdAt: row.created_at_iso,
  expiresAt: row.expires_at_iso,
  ...wizardColumnsOf(row),
});

const COLUMNS = `id, ${isoTimestamp('created_at')}, ${isoTimestamp('expires_at')}, ${WIZARD_SELECT}`;

/**
 * SQL for anonymous sessions. Every read filters on expires_at, so an expired
 * session is gone for callers even before the purge deletes it. The hot
 * reads are named (prepared once per connection).
 */
export const sessionsRepository = {
  async create(db: SqlExecutor, id: string, ttlMs: number): Promise<SessionRow> {
    const result = await db.query<Record>({
      name: 'session-create',
      text: `INSERT INTO wizard_sessions (id, expires_at) VALUES ($1, now() + $2 * interval '1 millisecond') RETURNING ${COLUMNS}`,
      values: [id, ttlMs],
    });
    return toSession(result.rows[0]!);
  },

  async find(db: SqlExecutor, id: string): Promise<SessionRow | undefined> {
    const result = await db.query<Record>({
      name: 'session-find',
      text: `SELECT ${COLUMNS} FROM wizard_sessions WHERE id = $1 AND expires_at > now()`,
      values: [id],
    });
    return result.rows[0] && toSession(result.rows[0]);
  },

  /** The live session, locked until the transaction ends. */
  async lock(db: SqlExecutor, id: string): Promise<SessionRow | undefined> {
    const result = await db.query<Record>({
      name: 'session-lock',
      text: `SELECT ${COLUMNS} FROM wizard_sessions WHERE id = $1 AND expires_at > now() FOR UPDATE`,
      values: [id],
    });
    return result.rows[0] && toSession(result.rows[0]);
  },

  /** Saves the steps; a new step invalidates the PDF (the old file stays downloadable by its URL). */
  async saveWizard(db: SqlExecutor, id: string, update: WizardUpdate): Promise<SessionRow> {
    const result = await db.query<Record>({
      name: 'session-save-wizard',
      text: `UPDATE wizard_sessions
                SET steps = $2::jsonb, current_step = $3, is_complete = $4, pdf_url = NULL, updated_at = now()
              WHERE id = $1 RETURNING ${COLUMNS}`,
      values: [id, update.stepsJson, update.currentStep, update.isComplete],
    });
    return toSession(result.rows[0]!);
  },

  /** Stores the URL only while the live session still holds `renderedSteps` (jsonb equality); true when stored. */
  async setPdfUrl(db: SqlExecutor, id: string, pdfUrl: string, renderedSteps: string): Promise<boolean> {
    const result = await db.query({
      name: 'session-set-pdf-url',
      text: 'UPDATE wizard_sessions SET pdf_url = $2 WHERE id = $1 AND expires_at > now() AND steps = $3::jsonb',
      values: [id, pdfUrl, renderedSteps],
    });
    return (result.rowCount ?? 0) > 0;
  },

  async delete(db: SqlExecutor, id: string): Promise<void> {
    await db.query('DELETE FROM wizard_sessions WHERE id = $1', [id]);
  },

  /** Deletes up to `batchSize` expired sessions; returns how many went. */
  async purgeExpired(db: SqlExecutor, batchSize: number): Promise<number> {
    const result = await db.query(
      `DELETE FROM wizard_sessions WHERE id IN (SELECT id FROM wizard_sessions WHERE expires_at <= now() LIMIT $1)`,
      [batchSize],
    );
    return result.rowCount ?? 0;
  },
};
