import { AppError, parseBodyJson, type PlanDocument, type Queryable, withTransaction } from '@evalplan/common';
import type { PlanDocumentBuilder } from '../domain/plan-document';
import { parseRecommendationRequest } from '../domain/recommendation-input';
import type { Recommendation, RecommendationEngine } from '../domain/recommendations';
import { parseStepNumber, parseStepSave, type StepNumber } from '../domain/step-data';
import { missingPrerequisites, type Steps, wizardStatusOf } from '../domain/wizard-status';
import { projectsRepository as projects } from '../repositories/projects';
import { sessionsRepository as sessions } from '../repositories/sessions';
import { checkTargetId, loadTarget, type TargetRow, type WizardTarget } from './targets';

export interface SavedStep {
  stepNumber: StepNumber;
  stepData: Record<string, unknown>;
  saved: TargetRow;
}

/** What sessions and projects share: step saves, recommendations, and the plan for the PDF. */
export class WizardUseCases {
  constructor(
    private readonly db: Queryable,
    private readonly engine: RecommendationEngine,
    private readonly documents: PlanDocumentBuilder,
  ) {}

  /**
   * Validates, then saves under a row lock: two saves on one wizard queue up
   * and neither loses the other's step. Earlier steps must be saved first;
   * re-saving an earlier step keeps the later ones. Any save clears pdfUrl.
   */
  async saveStep(target: WizardTarget, rawStepNumber: string, bodyJson: string): Promise<SavedStep> {
    checkTargetId(target);
    const stepNumber = parseStepNumber(rawStepNumber);
    const stepData = parseStepSave(stepNumber, parseBodyJson(bodyJson));
    const saved = await withTransaction(this.db, async (tx): Promise<TargetRow> => {
      const current = await loadTarget(tx, target, true);
      const steps = JSON.parse(current.row.stepsJson) as Steps;
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
      return current.kind === 'session'
        ? { kind: 'session', row: await sessions.saveWizard(tx, current.row.id, update) }
        : { kind: 'project', row: await projects.saveWizard(tx, current.row.id, update) };
    });
    return { stepNumber, stepData, saved };
  }

  /** Recommendations for step 2, 3 or 4 from what the wizard holds so far. */
  async recommend(target: WizardTarget, bodyJson: string): Promise<{ forStep: number; recommendations: Recommendation[] }> {
    checkTargetId(target);
    const forStep = parseRecommendationRequest(parseBodyJson(bodyJson));
    const { row } = await loadTarget(this.db, target);
    return { forStep, recommendations: this.engine.recommend(JSON.parse(row.stepsJson) as Steps, forStep) };
  }

  /** The wizard with its plan document, for the PDF. */
  async plan(target: WizardTarget): Promise<{ target: TargetRow; document: PlanDocument }> {
    const loaded = await loadTarget(this.db, target);
    const steps = JSON.parse(loaded.row.stepsJson) as Steps;
    const project = loaded.kind === 'project' ? { name: loaded.row.name, description: loaded.row.description } : undefined;
    return { target: loaded, document: this.documents.build(steps, project) };
  }

  /**
   * Records the PDF rendered from `renderedStepsJson`. Nothing is stored when
   * a step was saved meanwhile: that save cleared pdfUrl on purpose.
   */
  async setPdfUrl(target: WizardTarget, pdfUrl: string, renderedStepsJson: string): Promise<boolean> {
    const { kind, row } = await loadTarget(this.db, target);
    return kind === 'session'
      ? sessions.setPdfUrl(this.db, row.id, pdfUrl, renderedStepsJson)
      : projects.setPdfUrl(this.db, row.id, pdfUrl, renderedStepsJson);
  }
}
