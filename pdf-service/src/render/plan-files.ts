import type { types } from '@evalplan/protos';
import type * as PlanDocx from './plan-docx';
import { planMarkdown } from './plan-markdown';

/** The editable copies of a plan ExportPlan writes. */
export const PLAN_FILE_FORMATS = ['markdown', 'docx'] as const;
export type PlanFileFormat = (typeof PLAN_FILE_FORMATS)[number];

export const MARKDOWN_MEDIA_TYPE = 'text/markdown; charset=utf-8';
export const DOCX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** One file to write: checked already (format, time zone), and plain data, so that it can go to a worker thread. */
export interface PlanFileTask {
  document: types.PlanDocument__Output;
  format: PlanFileFormat;
  /** A canonical IANA time zone. */
  timeZone: string;
  /** The plan's date, ISO 8601. */
  date: string;
}

let docx: typeof PlanDocx | undefined;

/**
 * The DOCX writer and the `docx` library it uses (a megabyte of JavaScript),
 * loaded on the first DOCX file only: PDFs and Markdown never pay for it.
 */
function docxWriter(): typeof PlanDocx {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  docx ??= require('./plan-docx') as typeof PlanDocx;
  return docx;
}

/**
 * Writes one editable copy of a plan. The render pool runs it on a worker
 * thread (render-worker.ts): a long plan's DOCX takes a second of CPU, which
 * must not stall pdf-service's event loop.
 */
export async function writePlanFile(task: PlanFileTask): Promise<Buffer> {
  const date = new Date(task.date);
  if (task.format === 'markdown') return Buffer.from(planMarkdown(task.document, date, task.timeZone), 'utf8');
  return docxWriter().planDocx(task.document, date, task.timeZone);
}
