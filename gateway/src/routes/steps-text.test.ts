import { stepsJson, stepsJsonText, stepsMessageOfText, type types } from '@evalplan/protos';
import { answerText } from './steps-text';

/** Steps as a wizard read decodes them: frozen (as the memoized decoding gives them), so their JSON text is kept beside them. */
function decodedSteps(steps: object) {
  return stepsJson(stepsMessageOfText(JSON.stringify(steps)) as types.WizardSteps__Output);
}

const STEPS = {
  '1': { evaluationGoals: ['Usability', 'Motivation / Engagement'], systemDescription: 'Quiz "app" <script>\u2028 für 🎲 Kinder' },
  '2': { selectedMethods: ['questionnaire', 'interview'] },
};

describe('answerText', () => {
  it('writes a session answer exactly as JSON.stringify does, with the decoded steps spliced in as their kept text', () => {
    const steps = decodedSteps(STEPS);
    expect(stepsJsonText(steps)).toBe(JSON.stringify(steps));
    const answer = { sessionId: 's1', wizardStatus: { currentStep: 3, isComplete: false, steps }, pdfUrl: null };
    const text = answerText(answer);
    expect(text).toBe(JSON.stringify(answer));
    expect((JSON.parse(text) as typeof answer).wizardStatus.steps).toEqual(STEPS);
  });

  it('writes a page of projects in order, whether their steps were decoded (kept text) or built here (serialised)', () => {
    const projects = [
      { projectId: 'a', wizardStatus: { currentStep: 1, isComplete: false, steps: decodedSteps(STEPS) } },
      { projectId: 'b', wizardStatus: { currentStep: 1, isComplete: false, steps: { '1': { evaluationGoals: ['Learning'] } } } },
      {
        projectId: 'c',
        wizardStatus: { currentStep: 2, isComplete: false, steps: decodedSteps({ '2': { selectedMethods: ['observation'] } }) },
      },
    ];
    const answer = { projects, total: 3, hasMore: false };
    expect(answerText(answer)).toBe(JSON.stringify(answer));
  });

  it('stays exact when a field outside the steps holds the text that stands in for them', () => {
    const answer = {
      name: '\u0000steps\u0000',
      wizardStatus: { currentStep: 1, isComplete: false, steps: decodedSteps(STEPS) },
    };
    expect(answerText(answer)).toBe(JSON.stringify(answer));
  });

  it('keeps no text for steps that were not decoded from a message, so they are serialised as they are now', () => {
    const built = { '1': { evaluationGoals: ['Learning'] } };
    expect(stepsJsonText(built)).toBeUndefined();
    expect(stepsJsonText(stepsJson(null))).toBeUndefined();
  });
});
