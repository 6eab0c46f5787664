import { AppError } from '@evalplan/common/errors';
import { checkStepData, checkStepNumber, parseStepSave } from './step-data';
import { CONTRACT_STEPS, WEB_CLIENT_STEPS } from '../../../test/fixtures/step-data';
import { wizardStatusOf } from './wizard-status';

function failure(run: () => unknown): { code: string; field: unknown } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, field: error.details.field };
    throw error;
  }
  throw new Error('expected a failure');
}

describe('step data', () => {
  it.each([1, 2, 3, 4] as const)('accepts what the web client sends for step %i, and the contract examples', (step) => {
    expect(() => checkStepData(step, WEB_CLIENT_STEPS[step])).not.toThrow();
    expect(() => checkStepData(step, CONTRACT_STEPS[step])).not.toThrow();
  });

  it('a wizard holding all four steps of either is complete', () => {
    expect(wizardStatusOf(WEB_CLIENT_STEPS)).toMatchObject({ currentStep: 4, isComplete: true });
    expect(wizardStatusOf(CONTRACT_STEPS)).toMatchObject({ currentStep: 4, isComplete: true });
    expect(wizardStatusOf({ '1': CONTRACT_STEPS['1'] })).toMatchObject({ currentStep: 2, isComplete: false });
    expect(wizardStatusOf({})).toMatchObject({ currentStep: 1, isComplete: false });
  });

  it('counts a step saved under older rules but invalid today as not complete', () => {
    expect(wizardStatusOf({ ...CONTRACT_STEPS, '2': { selectedMethods: [] } })).toMatchObject({ currentStep: 4, isComplete: false });
  });

  it.each([
    [1, { participants: 'x', developmentStage: 'y' }, 'evaluationGoals'],
    [1, { evaluationGoals: [], participants: 'x', developmentStage: 'y' }, 'evaluationGoals'],
    [1, { evaluationGoals: ['ok', '  '], participants: 'x', developmentStage: 'y' }, 'evaluationGoals.1'],
    [1, { evaluationGoals: 'Engagement', participants: 'x', developmentStage: 'y' }, 'evaluationGoals'],
    [1, { evaluationGoals: [3], participants: 'x', developmentStage: 'y' }, 'evaluationGoals.0'],
    [1, { evaluationGoals: ['a'], participants: ' ', developmentStage: 'y' }, 'participants'],
    [1, { evaluationGoals: ['a'], participants: 'x' }, 'developmentStage'],
    [1, { evaluationGoals: ['a'], participants: 'x', developmentStage: 'y', projectType: 4 }, 'projectType'],
    [1, { evaluationGoals: ['a'], participants: 'x', developmentStage: 'y', researchEnabled: 'yes' }, 'researchEnabled'],
    [1, { evaluationGoals: ['a'], participants: 'x', developmentStage: 'y', hypotheses: 'h' }, 'hypotheses'],
    [1, { evaluationGoals: ['a'], participants: 'x', developmentStage: 'y', extraConstraints: [null] }, 'extraConstraints.0'],
    [1, { evaluationGoals: ['a'], participants: 'x'.repeat(2001), developmentStage: 'y' }, 'participants'],
    [1, { evaluationGoals: Array(101).fill('a'), participants: 'x', developmentStage: 'y' }, 'evaluationGoals'],
    [2, { selectedMethods: [] }, 'selectedMethods'],
    [2, {}, 'selectedMethods'],
    [3, { selectedInstruments: ['sus'], customConstructs: [{ description: 'no name' }] }, 'customConstructs.0.name'],
    [3, { selectedInstruments: ['sus'], customConstructs: 'x' }, 'customConstructs'],
    [4, { nextSteps: ['a'], notes: ['not', 'a', 'string'] }, 'notes'],
    [4, { nextSteps: [''] }, 'nextSteps.0'],
  ] as const)('step %i refuses %j: INVALID_STEP_DATA on %s', (step, data, field) => {
    expect(failure(() => checkStepData(step, data as Record<string, unknown>))).toEqual({ code: 'INVALID_STEP_DATA', field });
  });

  it('keeps unknown keys, and checks none of their values beyond the size cap', () => {
    const data = { selectedMethods: ['surveys'], uiState: { collapsed: true, order: [3, 1] } };
    expect(parseStepSave(2, { stepData: data })).toEqual(data);
  });

  it('caps the step data at 64 KB and refuses text PostgreSQL cannot store', () => {
    const big = { selectedMethods: ['surveys'], blob: 'x'.repeat(64 * 1024) };
    expect(failure(() => checkStepData(2, big))).toEqual({ code: 'INVALID_STEP_DATA', field: 'stepData' });
    expect(failure(() => checkStepData(2, { selectedMethods: ['a\u0000b'] }))).toEqual({
      code: 'INVALID_STEP_DATA',
      field: 'selectedMethods.0',
    });
    expect(failure(() => checkStepData(2, { selectedMethods: ['a'], note: '\ud800' }))).toEqual({
      code: 'INVALID_STEP_DATA',
      field: 'note',
    });
  });

  it('accepts any script and emoji', () => {
    expect(() => checkStepData(4, { nextSteps: ['Пилотный тест', '予備テスト', 'اختبار', '🎮 play-test'] })).not.toThrow();
  });

  it('wants { stepData: object }: anything else is INVALID_INPUT', () => {
    expect(failure(() => parseStepSave(1, {}))).toEqual({ code: 'INVALID_INPUT', field: 'stepData' });
    expect(failure(() => parseStepSave(1, { stepData: [] }))).toEqual({ code: 'INVALID_INPUT', field: 'stepData' });
    expect(failure(() => parseStepSave(1, { stepData: null }))).toEqual({ code: 'INVALID_INPUT', field: 'stepData' });
    expect(failure(() => parseStepSave(1, { stepData: 'x' }))).toEqual({ code: 'INVALID_INPUT', field: 'stepData' });
    expect(failure(() => parseStepSave(1, [1]))).toEqual({ code: 'INVALID_INPUT', field: 'body' });
  });

  it.each([0, 5, -1, 1.5, 2 ** 31])('refuses step number %j: INVALID_STEP_NUMBER', (step) => {
    expect(failure(() => checkStepNumber(step))).toEqual({ code: 'INVALID_STEP_NUMBER', field: 'stepNumber' });
  });
});
