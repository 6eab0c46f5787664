import type { SqlExecutor } from '@evalplan/common/db';
import { type Session } from '../domain/wizard-records';
import { isoText, isoTimestamp, onlyRow, type WizardSqlRow, wizardOf } from './wizard-sql';
import { SqlWizardStore, WizardSql } from './wizard-sql';
import type { SessionStore } from '../use-cases/ports';

interface SessionSqlRow extends WizardSqlRow {
  created_at_iso: string;
  expires_at_iso: string;
}

/**
 * Anonymous sessions. Every read filters on expires_at, so an expired
 * session is gone for callers even before the purge deletes it.
 */
const SESSIONS = new WizardSql<SessionSqlRow, Session>({
  table: 'wizard_sessions',
  statementPrefix: 'session',
  columns: `id, ${isoTimestamp('created_at')}, ${isoTimestamp('expires_at')}`,
  toRow: (record) => ({ ...wizardOf(record), createdAt: record.created_at_iso, expiresAt: record.expires_at_iso }),
  liveOnly: ' AND expires_at > now()',
  expiresAt: isoText('expires_at'),
});

const CREATE = `INSERT INTO wizard_sessions (id, expires_at) VALUES ($1, now() + $2 * interval '1 millisecond') RETURNING ${SESSIONS.select}`;
const PURGE = `DELETE FROM wizard_sessions WHERE id IN (SELECT id FROM wizard_sessions WHERE expires_at <= now() LIMIT $1)
               RETURNING id::text`;

export class SqlSessionStore extends SqlWizardStore<SessionSqlRow, Session> implements SessionStore {
  constructor(db: SqlExecutor) {
    super(db, SESSIONS);
  }

  async create(id: string, ttlMs: number): Promise<Session> {
    const result = await this.db.query<SessionSqlRow>({ name: 'session-create', text: CREATE, values: [id, ttlMs] });
    return SESSIONS.spec.toRow(onlyRow(result, 'session-create'));
  }

  async purgeExpired(batchSize: number): Promise<string[]> {
    const result = await this.db.query<{ id: string }>(PURGE, [batchSize]);
    return result.rows.map((row) => row.id);
  }
}
