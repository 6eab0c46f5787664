import type { SqlExecutor } from '@evalplan/common/db';
import {
  isoTimestamp,
  onlyRow,
  type SavedWizard,
  WIZARD_SELECT,
  type WizardRecord,
  type WizardRow,
  wizardRowOf,
  type WizardUpdate,
} from './wizard-rows';
import type { PdfRecording, WizardStore } from './wizard-store';

/** What sets a wizard table apart: the rest of its SQL is the same for sessions and projects. */
export interface WizardTable<Record extends WizardRecord, Row extends WizardRow> {
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

interface SavedRecord extends WizardRecord {
  created_at_iso: string;
  updated_at_iso: string;
  expires_at_iso: string | null;
}

const toSaved = (record: SavedRecord): SavedWizard => ({
  ...wizardRowOf(record),
  createdAt: record.created_at_iso,
  updatedAt: record.updated_at_iso,
  expiresAt: record.expires_at_iso,
});

/** The statements of one wizard table, written once at start-up. */
export class WizardSql<Record extends WizardRecord, Row extends WizardRow> {
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
export class SqlWizardStore<Record extends WizardRecord, Row extends WizardRow> implements WizardStore<Row> {
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
