import { AppError } from '@evalplan/common/errors';
import { type FailureMapper, findUnstorableText, type Joi, limitedBytes, nestsDeeperThan, validate } from '@evalplan/common/input';
import { MAX_STEP_DATA_BYTES, STEP_DATA, STEP_NUMBER_MAX, STEP_NUMBER_MIN, STEP_SAVE } from '../contracts/requests';

/** The wizard's four steps. */
export const STEP_NUMBERS = [1, 2, 3, 4] as const;
export type StepNumber = (typeof STEP_NUMBERS)[number];

/** Far deeper than any client's step data; keeps every later walk over it short. */
export const MAX_STEP_DATA_DEPTH = 32;

const MESSAGES: Joi.LanguageMessages = {
  'any.required': 'The step data needs {#label}',
  'string.base': 'In the step data, {#label} must be a string',
  'string.empty': 'In the step data, {#label} must not be empty',
  'string.pattern.name': 'In the step data, {#label} must not be blank',
  'string.max': 'In the step data, {#label} must be at most {#limit} characters long',
  'array.base': 'In the step data, {#label} must be a list',
  'array.min': 'In the step data, {#label} must list at least one entry',
  'array.includesRequiredUnknowns': 'In the step data, {#label} must list at least one entry',
  'array.max': 'In the step data, {#label} must have at most {#limit} entries',
  'array.sparse': 'In the step data, {#label} must not contain empty entries',
  'boolean.base': 'In the step data, {#label} must be true or false',
  'object.base': 'In the step data, {#label} must be an object',
};

const stepDataFailure: FailureMapper = () => ({ code: 'INVALID_STEP_DATA' });

/** Raises INVALID_STEP_DATA naming the first offending field (a path inside stepData). */
export function checkStepData(step: StepNumber, stepData: Record<string, unknown>): void {
  if (nestsDeeperThan(stepData, MAX_STEP_DATA_DEPTH)) {
    throw new AppError('INVALID_STEP_DATA', `The step data is nested more than ${MAX_STEP_DATA_DEPTH} levels deep.`, { field: 'stepData' });
  }
  if (limitedBytes(stepData) > MAX_STEP_DATA_BYTES) {
    throw new AppError('INVALID_STEP_DATA', `The step data must be at most ${MAX_STEP_DATA_BYTES / 1024} KB.`, { field: 'stepData' });
  }
  validate(STEP_DATA[step], stepData, stepDataFailure, { convert: false, messages: MESSAGES });
  const unstorable = findUnstorableText(stepData);
  if (unstorable !== undefined) {
    throw new AppError('INVALID_STEP_DATA', 'The step data contains a NUL character or a broken Unicode character.', {
      field: unstorable || 'stepData',
    });
  }
}

export function isValidStepData(step: StepNumber, stepData: unknown): boolean {
  if (stepData === null || typeof stepData !== 'object' || Array.isArray(stepData)) return false;
  try {
    checkStepData(step, stepData as Record<string, unknown>);
    return true;
  } catch {
    return false;
  }
}

/** The step number: 1 to 4 (the gateway sends a path segment that is no whole number as -1). */
export function checkStepNumber(step: number): StepNumber {
  if (!Number.isInteger(step) || step < STEP_NUMBER_MIN || step > STEP_NUMBER_MAX) {
    throw new AppError('INVALID_STEP_NUMBER', 'The step number must be 1, 2, 3 or 4.', { field: 'stepNumber' });
  }
  return step as StepNumber;
}

/** The body of a step save: { stepData: object }, the data checked against its step's rules. */
export function parseStepSave(step: StepNumber, body: unknown): Record<string, unknown> {
  const { stepData } = validate(STEP_SAVE, body, undefined, { convert: false }) as { stepData: Record<string, unknown> };
  checkStepData(step, stepData);
  return stepData;
}
