import { AppError } from '@evalplan/common/errors';
import { type FailureMapper, findUnstorableText, Joi, nestsDeeperThan, validate } from '@evalplan/common/input';

/** The wizard's four steps. */
export const STEP_NUMBERS = [1, 2, 3, 4] as const;
export type StepNumber = (typeof STEP_NUMBERS)[number];

export const MAX_TEXT_LENGTH = 2000;
export const MAX_LIST_ITEMS = 100;
export const MAX_STEP_DATA_BYTES = 64 * 1024;
/** Far deeper than any client's step data; keeps every later walk over it short. */
export const MAX_STEP_DATA_DEPTH = 32;

// Values are never restricted to a fixed vocabulary: older clients and the
// contract's examples send other words, and they are stored as sent.
const text = Joi.string().max(MAX_TEXT_LENGTH).allow('');
const nonBlankText = Joi.string().max(MAX_TEXT_LENGTH).pattern(/\S/, 'non-blank');
const textList = Joi.array().items(text).max(MAX_LIST_ITEMS);
const nonBlankList = Joi.array().items(nonBlankText.required()).min(1).max(MAX_LIST_ITEMS);

// Unknown keys are kept: clients echo back what they loaded.
const STEP_SCHEMAS: Record<StepNumber, Joi.ObjectSchema> = {
  1: Joi.object({
    evaluationGoals: nonBlankList.required(),
    participants: nonBlankText.required(),
    developmentStage: nonBlankText.required(),
    projectType: text,
    projectName: text,
    accessibility: text,
    time: text,
    extraConstraints: textList,
    researchEnabled: Joi.boolean(),
    researchObjective: text,
    // The web client sends empty entries while the person is still typing.
    researchQuestions: textList,
    hypotheses: textList,
  }).unknown(true),
  2: Joi.object({ selectedMethods: nonBlankList.required() }).unknown(true),
  3: Joi.object({
    selectedInstruments: nonBlankList.required(),
    customConstructs: Joi.array()
      .items(Joi.object({ name: nonBlankText.required(), description: text, goals: textList }).unknown(true))
      .max(MAX_LIST_ITEMS),
  }).unknown(true),
  4: Joi.object({ nextSteps: nonBlankList.required(), notes: text }).unknown(true),
};

const MESSAGES: Joi.LanguageMessages = {
  'any.required': 'The step data needs {#label}',
  'string.base': 'In the step data, {#label} must be a string',
  'string.empty': 'In the step data, {#label} must not be empty',
  'string.pattern.name': 'In the step data, {#label} must not be blank',
  'string.max': 'In the step data, {#label} must be at most {#limit} characters long',
  'array.base': 'In the step data, {#label} must be a list',
  'array.min': 'In the step data, {#label} must list at least one entry',
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
  if (Buffer.byteLength(JSON.stringify(stepData), 'utf8') > MAX_STEP_DATA_BYTES) {
    throw new AppError('INVALID_STEP_DATA', `The step data must be at most ${MAX_STEP_DATA_BYTES / 1024} KB.`, { field: 'stepData' });
  }
  validate(STEP_SCHEMAS[step], stepData, stepDataFailure, { convert: false, messages: MESSAGES });
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

const saveBody = Joi.object({
  stepData: Joi.object().required().messages({ 'object.base': 'stepData must be an object' }),
}).unknown(true);

/** The step number: 1 to 4 (the gateway sends a path segment that is no whole number as -1). */
export function checkStepNumber(step: number): StepNumber {
  if (!STEP_NUMBERS.includes(step as StepNumber)) {
    throw new AppError('INVALID_STEP_NUMBER', 'The step number must be 1, 2, 3 or 4.', { field: 'stepNumber' });
  }
  return step as StepNumber;
}

/** The body of a step save: { stepData: object }, the data checked against its step's rules. */
export function parseStepSave(step: StepNumber, body: unknown): Record<string, unknown> {
  const { stepData } = validate(saveBody, body, undefined, { convert: false }) as { stepData: Record<string, unknown> };
  checkStepData(step, stepData);
  return stepData;
}
