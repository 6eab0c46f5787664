import type { SqlExecutor } from '@evalplan/common';
import { isoTimestamp, type ProjectRow, WIZARD_SELECT, type WizardRecord, type WizardUpdate, wizardColumnsOf } from './wizard-rows';

interface Record extends WizardRecord {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  created_at_iso: string;
  updated_at_iso: string;
}

const toProject = (row: Record): ProjectRow => ({
  id: row.id,
  ownerId: row.owner_id,
  name: row.name,
  description: row.description,
  createdAt: row.created_at_iso,
  updatedAt: row.updated_at_iso,
  ...wizardColumnsOf(row),
});

const COLUMNS = `id, owner_id, name, description, ${isoTimestamp('created_at')}, ${isoTimestamp('updated_at')}, ${WIZARD_SELECT}`;

export interface NewProject {
  id: string;
  ownerId: string;
  name: string;
  description: string;
  /** A converted session's wizard; a fresh one when absent. */
  wizard?: WizardUpdate & { pdfUrl: string | null };
}

/** SQL for projects. Ownership is decided by the caller from owner_id. */
export const projectsRepository = {
  async insert(db: SqlExecutor, project: NewProject): Promise<ProjectRow> {
    const wizard = project.wizard ?? { stepsJson: '{}', currentStep: 1, isComplete: false, pdfUrl: null };
    const result = await db.query<Record>({
      name: 'project-insert',
      text: `INSERT INTO projects (id, owner_id, name, description, steps, current_step, is_complete, pdf_url)
             VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8) RETURNING ${COLUMNS}`,
      values: [
        project.id,
        project.ownerId,
        project.name,
        project.description,
        wizard.stepsJson,
        wizard.currentStep,
        wizard.isComplete,
        wizard.pdfUrl,
      ],
    });
    return toProject(result.rows[0]!);
  },

  async find(db: SqlExecutor, id: string): Promise<ProjectRow | undefined> {
    const result = await db.query<Record>({ name: 'project-find', text: `SELECT ${COLUMNS} FROM projects WHERE id = $1`, values: [id] });
    return result.rows[0] && toProject(result.rows[0]);
  },

  async lock(db: SqlExecutor, id: string): Promise<ProjectRow | undefined> {
    const result = await db.query<Record>({
      name: 'project-lock',
      text: `SELECT ${COLUMNS} FROM projects WHERE id = $1 FOR UPDATE`,
      values: [id],
    });
    return result.rows[0] && toProject(result.rows[0]);
  },

  /** One page of an owner's projects, newest first, id breaking ties so pages never overlap. */
  async listByOwner(db: SqlExecutor, ownerId: string, limit: number, offset: number): Promise<{ rows: ProjectRow[]; total: number }> {
    // The total comes from the same statement as the page, so the two always agree.
    const page = await db.query<Record & { total: number }>({
      name: 'project-list',
      text: `SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM projects WHERE owner_id = $1
              ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      values: [ownerId, limit, offset],
    });
    if (page.rows.length > 0) return { rows: page.rows.map(toProject), total: page.rows[0]!.total };
    // An empty page (past the end, or limit 0) still reports how many there are.
    const count = await db.query<{ total: number }>({
      name: 'project-count',
      text: 'SELECT count(*)::int AS total FROM projects WHERE owner_id = $1',
      values: [ownerId],
    });
    return { rows: [], total: count.rows[0]!.total };
  },

  /** The updated project, or undefined when it was deleted meanwhile. */
  async update(db: SqlExecutor, id: string, fields: { name?: string; description?: string }): Promise<ProjectRow | undefined> {
    const result = await db.query<Record>({
      name: 'project-update',
      text: `UPDATE projects SET name = COALESCE($2, name), description = COALESCE($3, description), updated_at = now()
              WHERE id = $1 RETURNING ${COLUMNS}`,
      values: [id, fields.name ?? null, fields.description ?? null],
    });
    return result.rows[0] && toProject(result.rows[0]);
  },

  async saveWizard(db: SqlExecutor, id: string, update: WizardUpdate): Promise<ProjectRow> {
    const result = await db.query<Record>({
      name: 'project-save-wizard',
      text: `UPDATE projects SET steps = $2::jsonb, current_step = $3, is_complete = $4, pdf_url = NULL, updated_at = now()
              WHERE id = $1 RETURNING ${COLUMNS}`,
      values: [id, update.stepsJson, update.currentStep, update.isComplete],
    });
    return toProject(result.rows[0]!);
  },

  /** Stores the URL only while the project still holds `renderedSteps` (jsonb equality); true when stored. */
  async setPdfUrl(db: SqlExecutor, id: string, pdfUrl: string, renderedSteps: string): Promise<boolean> {
    const result = await db.query({
      name: 'project-set-pdf-url',
      text: 'UPDATE projects SET pdf_url = $2 WHERE id = $1 AND steps = $3::jsonb',
      values: [id, pdfUrl, renderedSteps],
    });
    return (result.rowCount ?? 0) > 0;
  },

  async delete(db: SqlExecutor, id: string): Promise<void> {
    await db.query('DELETE FROM projects WHERE id = $1', [id]);
  },
};
