import { Writable } from 'node:stream';
import { AppError } from '@evalplan/common/errors';
import { type RequestContext } from '@evalplan/common/grpc';
import { createLogger } from '@evalplan/common/logging';
import type { types } from '@evalplan/protos';
import type { PlanDocument } from '../domain/plan-document';
import type { StoredWizard } from '../domain/wizard-records';
import { type GeneratedPdf, PdfGeneration, type PdfRenderer, type PlanBookkeeping } from './pdf-generation';
import { sessionTarget, type WizardTarget } from './targets';

const SESSION_ID = '6f1c1b2e-8a4d-4c3b-9f2e-1d2c3b4a5f60';
const STEPS_JSON = '{"1":{},"2":{},"3":{},"4":{}}';
const PDF_URL = `http://localhost/files/pdfs/sessions/${SESSION_ID}/1.pdf`;
const context: RequestContext = { requestId: 'test' };
const document = { title: 'Quest log' } as PlanDocument;
const COMPLETE: StoredWizard = { id: SESSION_ID, stepsJson: STEPS_JSON, currentStep: 4, isComplete: true, pdfUrl: null };

/** The wizard's plan and its recorded PDF URL, in memory. */
class FakeWizard implements PlanBookkeeping {
  row: StoredWizard | undefined = COMPLETE;
  recordFails = false;

  async plan(target: WizardTarget) {
    if (!this.row) throw new AppError('SESSION_NOT_FOUND');
    return { target: { kind: target.kind, row: this.row, about: undefined }, document };
  }

  async setPdfUrl(_target: WizardTarget, pdfUrl: string, renderedStepsJson: string): Promise<boolean> {
    if (this.recordFails || !this.row) throw new AppError('SESSION_NOT_FOUND');
    if (this.row.stepsJson !== renderedStepsJson) return false;
    this.row = { ...this.row, pdfUrl };
    return true;
  }
}

/** pdf-service's calls: every request kept, the body judged by `bodyError`. */
class FakePdfService implements PdfRenderer {
  rendered: types.RenderPlanRequest[] = [];
  discarded: string[] = [];
  bodyError: AppError | undefined;
  discardError: Error | undefined;
  pdfUrl = PDF_URL;
  beforeAnswer: () => void = () => undefined;
  /** The e-mail result it answers (null: no notifyEmail). */
  email: GeneratedPdf['email'] = null;

  async render(request: types.RenderPlanRequest): Promise<GeneratedPdf> {
    await this.check();
    this.rendered.push(request);
    this.beforeAnswer();
    return { pdfUrl: this.pdfUrl, email: this.email };
  }

  async check(): Promise<void> {
    if (this.bodyError) throw this.bodyError;
  }

  async discard(pdfUrl: string): Promise<void> {
    if (this.discardError) throw this.discardError;
    this.discarded.push(pdfUrl);
  }
}

describe('generating a PDF of a wizard', () => {
  let wizard: FakeWizard;
  let pdf: FakePdfService;
  let generation: PdfGeneration;
  const generate = (options: types.PdfOptions = {}) => generation.generate(sessionTarget(SESSION_ID), { options }, context);
  const codeOf = (work: Promise<unknown>) =>
    work.then(
      () => 'OK',
      (error: AppError) => error.code,
    );

  beforeEach(() => {
    wizard = new FakeWizard();
    pdf = new FakePdfService();
    generation = new PdfGeneration(wizard, pdf, createLogger({ name: 'test', level: 'silent' }));
  });

  it('has pdf-service render the plan under its owner, and records the URL', async () => {
    expect(await generate({ notifyEmail: 'a@example.org' })).toEqual({ pdfUrl: PDF_URL, email: null });
    expect(pdf.rendered).toEqual([
      { owner: 'sessions', id: SESSION_ID, document, options: { notifyEmail: 'a@example.org' }, recordedPdfUrl: '' },
    ]);
    expect(wizard.row?.pdfUrl).toBe(PDF_URL);
  });

  it('tells pdf-service which PDF the wizard has recorded, so pruning keeps it', async () => {
    const recorded = `http://localhost/files/pdfs/sessions/${SESSION_ID}/0.pdf`;
    wizard.row = { ...COMPLETE, pdfUrl: recorded };
    await generate();
    expect(pdf.rendered.map((request) => request.recordedPdfUrl)).toEqual([recorded]);
  });

  it('reports an invalid body before a missing or incomplete wizard, and renders neither', async () => {
    pdf.bodyError = new AppError('INVALID_NOTIFY_EMAIL');
    wizard.row = undefined;
    expect(await codeOf(generate())).toBe('INVALID_NOTIFY_EMAIL');
    pdf.bodyError = undefined;
    expect(await codeOf(generate())).toBe('SESSION_NOT_FOUND');
    wizard.row = { ...COMPLETE, isComplete: false };
    expect(await codeOf(generate())).toBe('WIZARD_INCOMPLETE');
    expect(pdf.rendered).toEqual([]);
  });

  it('answers but does not record a PDF when a step was saved while it rendered', async () => {
    pdf.beforeAnswer = () => {
      if (wizard.row) wizard.row = { ...wizard.row, stepsJson: '{"1":{"projectName":"changed"}}' };
    };
    expect((await generate()).pdfUrl).toBe(PDF_URL);
    expect(wizard.row?.pdfUrl).toBeNull();
    expect(pdf.discarded).toEqual([]);
  });

  it('deletes the new file again when it cannot be recorded (the wizard went away)', async () => {
    pdf.beforeAnswer = () => {
      wizard.recordFails = true;
    };
    expect(await codeOf(generate())).toBe('SESSION_NOT_FOUND');
    expect(pdf.discarded).toEqual([PDF_URL]);
  });

  it('passes the gateway’s hold on the plan e-mail on to pdf-service', async () => {
    const withholdMail = { code: 'RATE_LIMITED', message: 'The plan was not e-mailed.', retryAfterSeconds: 60 };
    await generation.generate(sessionTarget(SESSION_ID), { options: { notifyEmail: 'a@example.org' }, withholdMail }, context);
    await generation.generate(sessionTarget(SESSION_ID), { options: {}, withholdMail: null }, context);
    expect(pdf.rendered.map((request) => request.withholdMail)).toEqual([withholdMail, undefined]);
  });

  it('says so when it fails after pdf-service sent the e-mail (the wizard went away while it rendered)', async () => {
    pdf.email = { requested: true, to: 'a@example.org', provider: 'smtp', sent: true, messageId: '<1@x>', reason: null };
    pdf.beforeAnswer = () => {
      wizard.recordFails = true;
    };
    const failure = (): Promise<AppError | undefined> =>
      generate({ notifyEmail: 'a@example.org' }).then(
        () => undefined,
        (thrown: AppError) => thrown,
      );
    const error = await failure();
    expect([error?.code, error?.details]).toEqual(['SESSION_NOT_FOUND', { emailSent: true }]);
    // Nothing sent: the error is as it was.
    pdf.email = { requested: true, to: 'a@example.org', provider: 'smtp', sent: false, messageId: '', reason: null };
    expect((await failure())?.details).toEqual({});
  });

  it('records nothing when rendering fails', async () => {
    pdf.beforeAnswer = () => {
      throw new AppError('PDF_GENERATION_FAILED');
    };
    expect(await codeOf(generate())).toBe('PDF_GENERATION_FAILED');
    expect(wizard.row?.pdfUrl).toBeNull();
  });
});

describe('log lines about a new PDF', () => {
  // Rendered at 2026-11-23T15:33:54.641746265Z: its URL is a capability, so no log line may hold it.
  const FILE_NAME = '1795448034641746265';
  const PDF_URL_OF_FILE = `https://plans.example.org/files/pdfs/sessions/${SESSION_ID}/${FILE_NAME}.pdf`;
  let lines: Array<Record<string, unknown>>;
  let wizard: FakeWizard;
  let pdf: FakePdfService;
  let generation: PdfGeneration;

  beforeEach(() => {
    lines = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    wizard = new FakeWizard();
    pdf = new FakePdfService();
    pdf.pdfUrl = PDF_URL_OF_FILE;
    generation = new PdfGeneration(wizard, pdf, createLogger({ name: 'test', level: 'info', destination: sink }));
  });

  /** Waits for the logger's asynchronous writes. */
  const flushed = () => new Promise((resolve) => setImmediate(resolve));

  it('name the wizard and the second it was rendered, never the URL or file name', async () => {
    // A step saved while rendering: the PDF is answered, not recorded (an info line).
    pdf.beforeAnswer = () => {
      if (wizard.row) wizard.row = { ...wizard.row, stepsJson: '{"1":{"projectName":"changed"}}' };
    };
    await generation.generate(sessionTarget(SESSION_ID), { options: {} }, context);
    // The wizard gone while rendering, and the new file not deletable (a warning).
    pdf.beforeAnswer = () => {
      wizard.recordFails = true;
    };
    pdf.discardError = new Error('storage away');
    await generation.generate(sessionTarget(SESSION_ID), { options: {} }, context).catch(() => undefined);
    await flushed();

    expect(lines.map((line) => line.msg)).toEqual([
      'a step was saved while rendering; the PDF is returned but not recorded',
      'an unrecorded PDF could not be deleted; the PDF orphan sweep will delete it',
    ]);
    for (const line of lines) {
      expect(line).toMatchObject({ session_id: SESSION_ID, pdf_rendered_at: '2026-11-23T15:33:54.000Z', request_id: 'test' });
      expect(JSON.stringify(line)).not.toContain(FILE_NAME);
      expect(JSON.stringify(line)).not.toContain('/files/pdfs/');
    }
  });
});
