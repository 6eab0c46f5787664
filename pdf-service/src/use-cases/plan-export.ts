import { AppError } from '@evalplan/common/errors';
import type { types } from '@evalplan/protos';
import { TIME_ZONE_MAX_LENGTH } from '../contracts/requests';
import type * as PlanDocx from '../render/plan-docx';
import { planMarkdown } from '../render/plan-markdown';
import { canonicalTimeZone } from '../templates/go-date';

/** The formats ExportPlan writes, by the name a caller asks for. */
export const EXPORT_FORMATS = ['markdown', 'docx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const MARKDOWN_MEDIA_TYPE = 'text/markdown; charset=utf-8';

/** What goes around the file in its gRPC answer (the media type, field tags and lengths), with room to spare. */
const MESSAGE_OVERHEAD_BYTES = 1024;

export interface ExportedFile {
  data: Buffer;
  mediaType: string;
}

let docx: typeof PlanDocx | undefined;

/**
 * The DOCX writer and the `docx` library it uses (a megabyte of JavaScript),
 * loaded on the first DOCX export: pdf-service's start, its PDFs and the
 * Markdown export never pay for it.
 */
function docxWriter(): typeof PlanDocx {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  docx ??= require('../render/plan-docx') as typeof PlanDocx;
  return docx;
}

const isFormat = (format: string): format is ExportFormat => (EXPORT_FORMATS as readonly string[]).includes(format);

/** An IANA time zone in the runtime's spelling; '' is UTC. Anything else is INVALID_INPUT. */
function timeZoneOf(name: string): string {
  if (name === '') return 'UTC';
  const zone = name.length <= TIME_ZONE_MAX_LENGTH ? canonicalTimeZone(name) : undefined;
  if (zone === undefined) {
    throw new AppError('INVALID_INPUT', 'The time zone must be an IANA time zone name such as Europe/Berlin or UTC.', {
      field: 'timeZone',
    });
  }
  return zone;
}

/**
 * Editable copies of a plan (ExportPlan): Markdown or DOCX, with the
 * sections of the built-in PDF layout. Nothing is stored. The file goes back
 * in one gRPC message, so one that would not fit under the message limit
 * (GRPC_MAX_MESSAGE_SIZE, which the caller shares) is refused rather than
 * sent to fail on the way; a plan the wizard's limits allow stays far below.
 */
export class PlanExport {
  constructor(private readonly maxMessageBytes: number) {}

  async export(document: types.PlanDocument__Output | null, format: string, timeZone: string, now = new Date()): Promise<ExportedFile> {
    if (!isFormat(format)) {
      throw new AppError('INVALID_INPUT', `The export format must be one of: ${EXPORT_FORMATS.join(', ')}.`, { field: 'format' });
    }
    if (!document) throw new AppError('INVALID_INPUT', 'The request holds no plan document.', { field: 'document' });
    const zone = timeZoneOf(timeZone);
    const file =
      format === 'markdown'
        ? { data: Buffer.from(planMarkdown(document, now, zone), 'utf8'), mediaType: MARKDOWN_MEDIA_TYPE }
        : { data: await docxWriter().planDocx(document, now, zone), mediaType: docxWriter().DOCX_MEDIA_TYPE };
    if (file.data.length + MESSAGE_OVERHEAD_BYTES > this.maxMessageBytes) {
      throw new AppError('INTERNAL_SERVER_ERROR', 'The plan is too long to export in one piece.', { bytes: file.data.length });
    }
    return file;
  }
}
