import { AppError } from '@evalplan/common/errors';
import { type RequestContext, requestFields } from '@evalplan/common/grpc';
import { type Logger } from '@evalplan/common/logging';
import type { types } from '@evalplan/protos';
import type { PlanDocument } from '../domain/plan-document';
import type { TargetRow, WizardKind, WizardTarget } from './targets';

/** pdf-service's part of a PDF generation (its calls, as wizard-service makes them). */
export interface PdfRenderer {
  /** Checks the body, renders, stores and mails; answers the new file's URL. */
  render(request: types.RenderPlanRequest, context: RequestContext): Promise<GeneratedPdf>;
  /** Checks the options as render does, without rendering. */
  check(options: types.PdfOptions, context: RequestContext): Promise<void>;
  /** Deletes a file render made that could not be recorded. */
  discard(pdfUrl: string, context: RequestContext): Promise<void>;
}

/** What of the wizard use-cases a PDF generation needs. */
export interface PlanBookkeeping {
  plan(target: WizardTarget): Promise<{ target: TargetRow; document: PlanDocument }>;
  setPdfUrl(target: WizardTarget, pdfUrl: string, renderedStepsJson: string): Promise<boolean>;
}

/** A generate-pdf request as the gateway passes it on: the options (pdf-service checks them), and whether its limits hold the plan e-mail back. */
export interface GenerateRequest {
  options: types.PdfOptions;
  withholdMail?: types.MailNotSentReason | null;
}

export interface GeneratedPdf {
  pdfUrl: string;
  /** null when no notifyEmail was sent. */
  email: types.EmailResult__Output | null;
}

/** Whose file it is, in pdf-service's words. */
const OWNER_OF = { session: 'sessions', project: 'projects' } as const satisfies Record<WizardKind, string>;

/** A PDF URL's file name: its render time in nanoseconds (docs/decisions.md, decision 4). */
const FILE_NANOS = /\/(\d{1,25})\.pdf$/;

/**
 * A new PDF as a log line names it: its wizard and when it was rendered, to
 * the second, which finds it in its owner's folder. Never its URL: that is a
 * capability (whoever holds it downloads the plan), and logs travel further
 * and live longer than the people it was given to. To the second, about 10^9
 * file names remain possible, too many to try.
 */
function pdfFields(target: WizardTarget, pdfUrl: string): Record<string, string | undefined> {
  const nanos = FILE_NANOS.exec(pdfUrl)?.[1];
  const renderedAt = nanos === undefined ? undefined : new Date(Number(BigInt(nanos) / 1_000_000_000n) * 1000).toISOString();
  return { [`${target.kind}_id`]: target.id, pdf_rendered_at: renderedAt };
}

/**
 * generate-pdf: the wizard's plan, rendered, stored and mailed by pdf-service,
 * and recorded here. The order of answers is the contract's: the body first
 * (pdf-service judges it), then the wizard (exists, yours, complete), then the
 * renderer.
 */
export class PdfGeneration {
  constructor(
    private readonly wizard: PlanBookkeeping,
    private readonly pdf: PdfRenderer,
    private readonly logger: Logger,
  ) {}

  async generate(target: WizardTarget, request: GenerateRequest, context: RequestContext): Promise<GeneratedPdf> {
    const { options, withholdMail } = request;
    const { target: loaded, document } = await this.completePlan(target, options, context);
    // The PDF recorded now: pdf-service's pruning keeps it, however many newer files never get recorded.
    const recordedPdfUrl = loaded.row.pdfUrl ?? '';
    const rendered = await this.pdf.render(
      { owner: OWNER_OF[loaded.kind], id: loaded.row.id, document, options, recordedPdfUrl, ...(withholdMail ? { withholdMail } : {}) },
      context,
    );
    try {
      await this.record(target, rendered.pdfUrl, loaded.row.stepsJson, context);
    } catch (error) {
      throw sentAnyway(error, rendered.email);
    }
    return rendered;
  }

  private async completePlan(target: WizardTarget, options: types.PdfOptions, context: RequestContext) {
    try {
      const plan = await this.wizard.plan(target);
      if (!plan.target.row.isComplete) throw new AppError('WIZARD_INCOMPLETE');
      return plan;
    } catch (error) {
      // An invalid body is reported before a missing or incomplete wizard (and pdf-service away before either).
      await this.pdf.check(options, context);
      throw error;
    }
  }

  /**
   * Points the wizard at the new PDF, unless a step was saved while it
   * rendered (that save cleared pdfUrl on purpose: the file is kept and
   * returned). If recording fails, the new file goes again: in particular
   * when the wizard was deleted, converted or purged while it rendered, since
   * that deletion may have listed the wizard's files before this one existed.
   */
  private async record(target: WizardTarget, pdfUrl: string, renderedStepsJson: string, context: RequestContext): Promise<void> {
    try {
      const stored = await this.wizard.setPdfUrl(target, pdfUrl, renderedStepsJson);
      if (!stored) {
        this.logger.info(
          { ...pdfFields(target, pdfUrl), ...requestFields(context) },
          'a step was saved while rendering; the PDF is returned but not recorded',
        );
      }
    } catch (error) {
      // Not recorded (the wizard went away, or its database failed): the new file would only be an orphan.
      await this.pdf
        .discard(pdfUrl, context)
        .catch((discardError: unknown) =>
          this.logger.warn(
            { err: discardError, ...pdfFields(target, pdfUrl), ...requestFields(context) },
            'an unrecorded PDF could not be deleted; the PDF orphan sweep will delete it',
          ),
        );
      throw error;
    }
  }
}

/**
 * A failure after pdf-service sent the plan e-mail says so in its details
 * (emailSent: true): the gateway gives a recipient's count back only for
 * generations that sent nothing, and the caller learns the mail went out.
 */
function sentAnyway(error: unknown, email: GeneratedPdf['email']): unknown {
  if (!email?.sent || !(error instanceof AppError)) return error;
  return new AppError(error.code, error.message, { ...error.details, emailSent: true });
}
