import { AppError } from '@evalplan/common/errors';
import type { PlanDocument, PlanDocumentBuilder } from '../domain/plan-document';
import { parseRecommendationRequest } from '../domain/recommendation-input';
import type { Recommendation, RecommendationEngine } from '../domain/recommendations';
import { checkStepNumber, parseStepSave, type StepNumber } from '../domain/step-data';
import { missingPrerequisites, type Steps, wizardStatusOf } from '../domain/wizard-status';
import type { SavedWizard } from '../domain/wizard-records';
import type { WizardStorage } from './ports';
import { loadTarget, type TargetRow, type WizardTarget } from './targets';

export interface SavedStep {
  stepNumber: StepNumber;
  stepData: Record<string, unknown>;
  saved: SavedWizard;
}

/** What sessions and projects share: step saves, recommendations, and the plan for the PDF. */
export class WizardUseCases {
  constructor(
    private readonly storage: WizardStorage,
    private readonly engine: RecommendationEngine,
    private readonly documents: PlanDocumentBuilder,
  ) {}

  /**
   * Validates, then saves under a row lock: two saves on one wizard queue up
   * and neither loses the other's step. Earlier steps must be saved first;
   * re-saving an earlier step keeps the later ones. Any save clears pdfUrl.
   */
  async saveStep(target: WizardTarget, step: number, body: unknown): Promise<SavedStep> {
    target.check();
    const stepNumber = checkStepNumber(step);
    const stepData = parseStepSave(stepNumber, body);
    const saved = await this.storage.inTransaction(async (stores) => {
      const current = await loadTarget(stores, target, true);
      const steps = JSON.parse(current.stepsJson) as Steps;
      const missing = missingPrerequisites(steps, stepNumber);
      if (missing.length > 0) {
        throw new AppError('STEP_PREREQUISITE_NOT_MET', `Please save step ${missing.join(', ')} first.`, {
          field: 'stepNumber',
          missingSteps: missing,
        });
      }
      steps[String(stepNumber)] = stepData;
      const status = wizardStatusOf(steps);
      const update = { stepsJson: JSON.stringify(steps), currentStep: status.currentStep, isComplete: status.isComplete };
      return target.storeIn(stores).saveWizard(current.id, update);
    });
    return { stepNumber, stepData, saved };
  }

  /** Recommendations for step 2, 3 or 4 from what the wizard holds so far. */
  async recommend(target: WizardTarget, body: unknown): Promise<{ forStep: number; recommendations: Recommendation[] }> {
    target.check();
    const forStep = parseRecommendationRequest(body);
    const row = await loadTarget(this.storage, target);
    return { forStep, recommendations: this.engine.recommend(JSON.parse(row.stepsJson) as Steps, forStep) };
  }

  /** The wizard with its plan document, for the PDF. */
  async plan(target: WizardTarget): Promise<{ target: TargetRow; document: PlanDocument }> {
    const row = await loadTarget(this.storage, target);
    const about = target.about(row);
    return { target: { kind: target.kind, row, about }, document: this.documents.build(JSON.parse(row.stepsJson) as Steps, about) };
  }

  /** The plan's title without the plan: what a PDF download needs to name its file. */
  async planTitle(target: WizardTarget): Promise<{ target: TargetRow; title: string }> {
    const row = await loadTarget(this.storage, target);
    const about = target.about(row);
    return { target: { kind: target.kind, row, about }, title: this.documents.title(JSON.parse(row.stepsJson) as Steps, about) };
  }

  /**
   * Records the PDF rendered from `renderedStepsJson`; false when a step was
   * saved meanwhile (that save cleared pdfUrl on purpose). A wizard deleted
   * (or expired) meanwhile answers not found, as if it had been gone before.
   */
  async setPdfUrl(target: WizardTarget, pdfUrl: string, renderedStepsJson: string): Promise<boolean> {
    const row = await loadTarget(this.storage, target);
    const outcome = await target.storeIn(this.storage).setPdfUrl(row.id, pdfUrl, renderedStepsJson);
    // Gone between the read and the write: the target's own not-found answer.
    if (outcome === 'missing') target.admit(undefined);
    return outcome === 'recorded';
  }
}
