import { isValidStepData, STEP_NUMBERS, type StepNumber } from './step-data';

/** Saved step data by step number as a string ("1".."4"), as the contract's steps object. */
export type Steps = Record<string, Record<string, unknown>>;

export interface WizardStatus {
  currentStep: number;
  isComplete: boolean;
  steps: Steps;
}

/**
 * currentStep is the first step not saved yet (4 once all four are);
 * isComplete needs all four saved and each still valid under today's rules
 * (data saved by an older version may not be).
 */
export function wizardStatusOf(steps: Steps): WizardStatus {
  const firstMissing = STEP_NUMBERS.find((step) => steps[String(step)] === undefined);
  return {
    currentStep: firstMissing ?? 4,
    isComplete: firstMissing === undefined && STEP_NUMBERS.every((step) => isValidStepData(step, steps[String(step)])),
    steps,
  };
}

/** Steps before `step` that are not saved yet. */
export function missingPrerequisites(steps: Steps, step: StepNumber): number[] {
  return STEP_NUMBERS.filter((earlier) => earlier < step && steps[String(earlier)] === undefined);
}
