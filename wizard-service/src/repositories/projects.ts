import type { SqlExecutor } from '@evalplan/common/db';
import { type Project } from '../domain/wizard-records';
import { isoTimestamp, onlyRow, type WizardSqlRow, wizardOf } from './wizard-sql';
import type { NewProject, ProjectStore } from '../use-cases/ports';
import { SqlWizardStore, WizardSql } from './wizard-sql';

interface ProjectSqlRow extends WizardSqlRow {
  owner_id: string;
  name: string;
  description: string;
  created_at_iso: string;
  updated_at_iso: string;
  origin_session_id: string | null;
}

/** Projects of registered users; ownership is decided by the caller from owner_id. */
export const PROJECTS = new WizardSql<ProjectSqlRow, Project>({
  table: 'projects',
  statementPrefix: 'project',
  columns: `id, owner_id, name, description, ${isoTimestamp('created_at')}, ${isoTimestamp('updated_at')}, origin_session_id`,
  toRow: (record) => ({
    ...wizardOf(record),
    ownerId: record.owner_id,
    name: record.name,
    description: record.description,
    createdAt: record.created_at_iso,
    updatedAt: record.updated_at_iso,
    originSessionId: record.origin_session_id,
  }),
  liveOnly: '',
  expiresAt: 'NULL::text',
});
const { select, spec } = PROJECTS;

const INSERT = `INSERT INTO projects (id, owner_id, name, description, steps, current_step, is_complete, pdf_url, origin_session_id)
                VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9) RETURNING ${select}`;
// The total comes from the same statement as the page, so the two always agree.
const LIST = `SELECT ${select}, count(*) OVER ()::int AS total FROM projects WHERE owner_id = $1
               ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`;
const COUNT = 'SELECT count(*)::int AS total FROM projects WHERE owner_id = $1';
const UPDATE = `UPDATE projects SET name = COALESCE($2, name), description = COALESCE($3, description), updated_at = now()
                 WHERE id = $1 RETURNING ${select}`;

const FRESH_WIZARD = { stepsJson: '{}', currentStep: 1, isComplete: false, pdfUrl: null };

export class SqlProjectStore extends SqlWizardStore<ProjectSqlRow, Project> implements ProjectStore {
  constructor(db: SqlExecutor) {
    super(db, PROJECTS);
  }

  async insert(project: NewProject): Promise<Project> {
    const wizard = project.wizard ?? FRESH_WIZARD;
    const result = await this.db.query<ProjectSqlRow>({
      name: 'project-insert',
      text: INSERT,
      values: [
        project.id,
        project.ownerId,
        project.name,
        project.description,
        wizard.stepsJson,
        wizard.currentStep,
        wizard.isComplete,
        wizard.pdfUrl,
        project.originSessionId ?? null,
      ],
    });
    return spec.toRow(onlyRow(result, 'project-insert'));
  }

  async listByOwner(ownerId: string, limit: number, offset: number): Promise<{ rows: Project[]; total: number }> {
    const page = await this.db.query<ProjectSqlRow & { total: number }>({
      name: 'project-list',
      text: LIST,
      values: [ownerId, limit, offset],
    });
    const first = page.rows[0];
    if (first) return { rows: page.rows.map(spec.toRow), total: first.total };
    // An empty page (past the end, or limit 0) still reports how many there are.
    const count = await this.db.query<{ total: number }>({ name: 'project-count', text: COUNT, values: [ownerId] });
    return { rows: [], total: onlyRow(count, 'project-count').total };
  }

  async update(id: string, fields: { name?: string; description?: string }): Promise<Project | undefined> {
    const result = await this.db.query<ProjectSqlRow>({
      name: 'project-update',
      text: UPDATE,
      values: [id, fields.name ?? null, fields.description ?? null],
    });
    const record = result.rows[0];
    return record && spec.toRow(record);
  }
}
