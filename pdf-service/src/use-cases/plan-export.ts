import { AppError } from '@evalplan/common/errors';
import type { types } from '@evalplan/protos';
import { TIME_ZONE_MAX_LENGTH } from '../contracts/requests';
import { DOCX_MEDIA_TYPE, MARKDOWN_MEDIA_TYPE, type PlanFileFormat, type PlanFileTask, PLAN_FILE_FORMATS } from '../render/plan-files';
import { RenderPoolBusyError } from '../render/render-pool';
import { canonicalTimeZone } from '../templates/go-date';

/** Writes a checked file task (the render pool, on a worker thread). */
export interface PlanFileWriter {
  writePlan(task: PlanFileTask): Promise<Buffer>;
}

/** What goes around the file in its gRPC answer (the media type, field tags and lengths), with room to spare. */
const MESSAGE_OVERHEAD_BYTES = 1024;

export interface ExportedFile {
  data: Buffer;
  mediaType: string;
}

const isFormat = (format: string): format is PlanFileFormat => (PLAN_FILE_FORMATS as readonly string[]).includes(format);

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

const MEDIA_TYPES: Record<PlanFileFormat, string> = { markdown: MARKDOWN_MEDIA_TYPE, docx: DOCX_MEDIA_TYPE };

/**
 * Editable copies of a plan (ExportPlan): Markdown or DOCX, with the
 * sections of the built-in PDF layout, written on the render pool's worker
 * threads. Nothing is stored. The file goes back in one gRPC message, so one
 * that would not fit under the message limit (GRPC_MAX_MESSAGE_SIZE, which
 * the caller shares) is refused rather than sent to fail on the way; a plan
 * the wizard's limits allow stays far below.
 */
export class PlanExport {
  constructor(
    private readonly files: PlanFileWriter,
    private readonly maxMessageBytes: number,
  ) {}

  async export(document: types.PlanDocument__Output | null, format: string, timeZone: string, now = new Date()): Promise<ExportedFile> {
    if (!isFormat(format)) {
      throw new AppError('INVALID_INPUT', `The export format must be one of: ${PLAN_FILE_FORMATS.join(', ')}.`, { field: 'format' });
    }
    if (!document) throw new AppError('INVALID_INPUT', 'The request holds no plan document.', { field: 'document' });
    const task: PlanFileTask = { document, format, timeZone: timeZoneOf(timeZone), date: now.toISOString() };
    let data: Buffer;
    try {
      data = await this.files.writePlan(task);
    } catch (error) {
      if (error instanceof RenderPoolBusyError) {
        throw new AppError('SERVICE_UNAVAILABLE', 'Too many plans are being written right now. Please try again in a moment.');
      }
      throw error;
    }
    if (data.length + MESSAGE_OVERHEAD_BYTES > this.maxMessageBytes) {
      throw new AppError('INTERNAL_SERVER_ERROR', 'The plan is too long to export in one piece.', { bytes: data.length });
    }
    return { data, mediaType: MEDIA_TYPES[format] };
  }
}
