import { AppError } from '@evalplan/common/errors';
import { PLAN_DOCUMENT } from '../../../test/fixtures/plan-document';
import { MARKDOWN_MEDIA_TYPE, writePlanFile } from '../render/plan-files';
import { PlanExport } from './plan-export';

const mockDocxLoaded = jest.fn();
jest.mock('../render/plan-docx', () => {
  mockDocxLoaded();
  return jest.requireActual('../render/plan-docx');
});

/** The writer the render pool's workers run, here on this thread. */
const IN_THIS_THREAD = { writePlan: writePlanFile };

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** GRPC_MAX_MESSAGE_SIZE's default. */
const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
const DATE = new Date('2026-11-23T23:30:00Z');

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('PlanExport', () => {
  const exporting = new PlanExport(IN_THIS_THREAD, MAX_MESSAGE_BYTES);

  it('writes Markdown, dated in the time zone asked for (any case), UTC when none is', async () => {
    const file = await exporting.export(PLAN_DOCUMENT, 'markdown', 'europe/berlin', DATE);
    expect(file.mediaType).toBe(MARKDOWN_MEDIA_TYPE);
    const text = file.data.toString('utf8');
    expect(text.startsWith('# Quest log redesign\n\nEvaluation plan · 24 November 2026\n')).toBe(true);
    expect((await exporting.export(PLAN_DOCUMENT, 'markdown', '', DATE)).data.toString('utf8')).toContain('23 November 2026');
  });

  it('loads the DOCX writer on the first DOCX export only, and once', async () => {
    await exporting.export(PLAN_DOCUMENT, 'markdown', '', DATE);
    expect(mockDocxLoaded).not.toHaveBeenCalled();
    const file = await exporting.export(PLAN_DOCUMENT, 'docx', 'UTC', DATE);
    expect(file.mediaType).toBe(DOCX_TYPE);
    expect(file.data.subarray(0, 2).toString('latin1')).toBe('PK');
    await exporting.export(PLAN_DOCUMENT, 'docx', 'UTC', DATE);
    expect(mockDocxLoaded).toHaveBeenCalledTimes(1);
  });

  it('refuses another format, a missing document and a time zone that is none as INVALID_INPUT', async () => {
    for (const format of ['pdf', 'Markdown', 'md', '']) {
      const error = await failure(exporting.export(PLAN_DOCUMENT, format, '', DATE));
      expect({ code: error.code, details: error.details }).toEqual({ code: 'INVALID_INPUT', details: { field: 'format' } });
    }
    const missing = await failure(exporting.export(null, 'markdown', '', DATE));
    expect({ code: missing.code, details: missing.details }).toEqual({ code: 'INVALID_INPUT', details: { field: 'document' } });
    for (const zone of ['Mars/Olympus_Mons', 'Europe/Berlin ', `Europe/${'x'.repeat(64)}`, '+01:00x']) {
      const error = await failure(exporting.export(PLAN_DOCUMENT, 'docx', zone, DATE));
      expect({ zone, code: error.code, details: error.details }).toEqual({ zone, code: 'INVALID_INPUT', details: { field: 'timeZone' } });
    }
  });

  it('refuses a file that would not fit in one gRPC message instead of sending it', async () => {
    const tight = new PlanExport(IN_THIS_THREAD, 2048);
    const error = await failure(tight.export(PLAN_DOCUMENT, 'markdown', '', DATE));
    expect(error.code).toBe('INTERNAL_SERVER_ERROR');
  });
});
