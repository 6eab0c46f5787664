/** The SQL the sessions and projects tables share, and the helpers their statements use. */
import type { QueryResult, Row as SqlRow, SqlExecutor } from '@evalplan/common/db';
import type { SavedWizard, StoredWizard, WizardUpdate } from '../domain/wizard-records';
import type { PdfRecording, WizardStore } from '../use-cases/ports';

export const WIZARD_SELECT = 'steps::text AS steps_json, current_step, is_complete, pdf_url';

export interface WizardSqlRow {
  id: string;
  steps_json: string;
  current_step: number;
  is_complete: boolean;
  pdf_url: string | null;
}

export function wizardOf(row: WizardSqlRow): StoredWizard {
  return { id: row.id, stepsJson: row.steps_json, currentStep: row.current_step, isComplete: row.is_complete, pdfUrl: row.pdf_url };
}

/**
 * A timestamp column as ISO 8601 text (UTC, milliseconds) straight from the
 * database, aliased <column>_iso: reads skip parsing into Date and formatting
 * back, which is measurable on the session read path.
 */
export function isoTimestamp(column: string): string {
  return `${isoText(column)} AS ${column}_iso`;
}

/** The expression of isoTimestamp, unnamed. */
export function isoText(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The row of a statement that returns exactly one (an INSERT or a count): its absence is a bug, not a case. */
export function onlyRow<R extends SqlRow>(result: QueryResult<R>, statement: string): R {
  const row = result.rows[0];
  if (!row) throw new Error(`${statement} returned no row`);
  return row;
}

/** What sets a wizard table apart: the rest of its SQL is the same for sessions and projects. */
export interface WizardTable<Record extends WizardSqlRow, Row extends StoredWizard> {
  table: string;
  /** The prefix of its prepared statements' names: 'session' names 'session-find', … */
  statementPrefix: string;
  /** The select list of a read, beyond the wizard columns. */
  columns: string;
  toRow(record: Record): Row;
  /** A condition every read and PDF write adds (a session's expiry), starting with AND; '' for none. */
  liveOnly: string;
  /** The select expression of a save's expires_at_iso. */
  expiresAt: string;
}

/** A prepared statement: parsed once per connection under its name. */
interface Statement {
  name: string;
  text: string;
}

interface SavedRecord extends WizardSqlRow {
  created_at_iso: string;
  updated_at_iso: string;
  expires_at_iso: string | null;
}

const toSaved = (record: SavedRecord): SavedWizard => ({
  ...wizardOf(record),
  createdAt: record.created_at_iso,
  updatedAt: record.updated_at_iso,
  expiresAt: record.expires_at_iso,
});

/** The statements of one wizard table, written once at start-up. */
export class WizardSql<Record extends WizardSqlRow, Row extends StoredWizard> {
  /** A read's select list, for the table's own statements too. */
  readonly select: string;
  readonly find: Statement;
  readonly lock: Statement;
  readonly save: Statement;
  readonly setPdfUrl: Statement;
  readonly delete: string;

  constructor(readonly spec: WizardTable<Record, Row>) {
    const { table, liveOnly, statementPrefix: prefix } = spec;
    this.select = `${spec.columns}, ${WIZARD_SELECT}`;
    const find = `SELECT ${this.select} FROM ${table} WHERE id = $1${liveOnly}`;
    this.find = { name: `${prefix}-find`, text: find };
    this.lock = { name: `${prefix}-lock`, text: `${find} FOR UPDATE` };
    const saved = `id, ${isoTimestamp('created_at')}, ${isoTimestamp('updated_at')}, ${spec.expiresAt} AS expires_at_iso, ${WIZARD_SELECT}`;
    this.save = {
      name: `${prefix}-save-wizard`,
      text: `UPDATE ${table} SET steps = $2::jsonb, current_step = $3, is_complete = $4, pdf_url = NULL, updated_at = now()
              WHERE id = $1 RETURNING ${saved}`,
    };
    // One statement tells the three outcomes apart: no row (deleted, or a session expired), steps changed, stored.
    this.setPdfUrl = {
      name: `${prefix}-set-pdf-url`,
      text: `UPDATE ${table} SET pdf_url = CASE WHEN steps = $3::jsonb THEN $2 ELSE pdf_url END
              WHERE id = $1${liveOnly} RETURNING steps = $3::jsonb AS recorded`,
    };
    this.delete = `DELETE FROM ${table} WHERE id = $1`;
  }
}

/** The wizard part of a store on one table, over the pool or over one transaction's connection. */
export class SqlWizardStore<Record extends WizardSqlRow, Row extends StoredWizard> implements WizardStore<Row> {
  constructor(
    protected readonly db: SqlExecutor,
    protected readonly sql: WizardSql<Record, Row>,
  ) {}

  find(id: string): Promise<Row | undefined> {
    return this.readOne(this.sql.find, id);
  }

  lock(id: string): Promise<Row | undefined> {
    return this.readOne(this.sql.lock, id);
  }

  async saveWizard(id: string, update: WizardUpdate): Promise<SavedWizard> {
    const { name, text } = this.sql.save;
    const result = await this.db.query<SavedRecord>({ name, text, values: [id, update.stepsJson, update.currentStep, update.isComplete] });
    // Only called on a row locked in the same transaction, so it is there.
    return toSaved(onlyRow(result, name));
  }

  async setPdfUrl(id: string, pdfUrl: string, renderedStepsJson: string): Promise<PdfRecording> {
    const { name, text } = this.sql.setPdfUrl;
    const result = await this.db.query<{ recorded: boolean }>({ name, text, values: [id, pdfUrl, renderedStepsJson] });
    const row = result.rows[0];
    if (!row) return 'missing';
    return row.recorded ? 'recorded' : 'stale';
  }

  async delete(id: string): Promise<void> {
    await this.db.query(this.sql.delete, [id]);
  }

  private async readOne({ name, text }: Statement, id: string): Promise<Row | undefined> {
    const result = await this.db.query<Record>({ name, text, values: [id] });
    const record = result.rows[0];
    return record && this.sql.spec.toRow(record);
  }
}
