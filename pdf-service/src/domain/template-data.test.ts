import type { types } from '@evalplan/protos';
import { templateData } from './template-data';

const document: types.PlanDocument__Output = {
  title: 'Quest log redesign',
  evaluationGoals: ['Usability & Efficiency', 'Gemeinschaftsgefühl'],
  projectType: 'Mobile game',
  participants: '10-30',
  developmentStage: 'High-fidelity prototype',
  accessibility: 'Moderate',
  timeConstraint: '1-2 weeks',
  extraConstraints: ['Technical limitation'],
  researchEnabled: true,
  researchObjective: 'Does the new log reduce drop-off?',
  researchQuestions: ['Do players find quests faster?'],
  hypotheses: ['Drop-off falls by 10 %'],
  selectedMethods: [{ name: 'Think-aloud testing', description: 'Say it.', priority: 'Recommended', rationale: 'Early friction.' }],
  selectedInstruments: [{ name: 'SUS (System Usability Scale)', description: '', priority: '', rationale: '' }],
  nextSteps: ['Pilot test the study setup'],
  notes: 'Book the lab.',
  description: 'Onboarding',
  goalsByCategory: [
    { category: 'Pragmatic UX', goals: ['Usability & Efficiency'] },
    { category: 'Other goals', goals: ['Gemeinschaftsgefühl'] },
  ],
  customConstructs: [{ name: 'Sense of progress', description: 'How clearly players advance', goals: ['Gemeinschaftsgefühl'] }],
};

describe('the template data a plan document becomes', () => {
  it('gives templates every field under its TitleCase name, plus the render date', () => {
    expect(templateData(document, new Date('2026-11-23T10:00:00Z'))).toEqual({
      Title: 'Quest log redesign',
      Date: '2026-11-23T10:00:00.000Z',
      TimeZone: 'UTC',
      EvaluationGoals: ['Usability & Efficiency', 'Gemeinschaftsgefühl'],
      ProjectType: 'Mobile game',
      Participants: '10-30',
      DevelopmentStage: 'High-fidelity prototype',
      Accessibility: 'Moderate',
      TimeConstraint: '1-2 weeks',
      ExtraConstraints: ['Technical limitation'],
      ResearchEnabled: true,
      ResearchObjective: 'Does the new log reduce drop-off?',
      ResearchQuestions: ['Do players find quests faster?'],
      Hypotheses: ['Drop-off falls by 10 %'],
      SelectedMethods: [{ Name: 'Think-aloud testing', Description: 'Say it.', Priority: 'Recommended', Rationale: 'Early friction.' }],
      SelectedInstruments: [{ Name: 'SUS (System Usability Scale)', Description: '', Priority: '', Rationale: '' }],
      NextSteps: ['Pilot test the study setup'],
      Notes: 'Book the lab.',
      Description: 'Onboarding',
      GoalsByCategory: [
        { Category: 'Pragmatic UX', Goals: ['Usability & Efficiency'] },
        { Category: 'Other goals', Goals: ['Gemeinschaftsgefühl'] },
      ],
      CustomConstructs: [{ Name: 'Sense of progress', Description: 'How clearly players advance', Goals: ['Gemeinschaftsgefühl'] }],
    });
  });

  it('keeps an empty plan empty: lists stay lists, texts stay ""', () => {
    const empty = templateData(
      {
        ...document,
        evaluationGoals: [],
        selectedMethods: [],
        goalsByCategory: [],
        customConstructs: [],
        title: '',
        researchEnabled: false,
      },
      new Date(0),
    );
    expect(empty).toMatchObject({
      Title: '',
      EvaluationGoals: [],
      SelectedMethods: [],
      GoalsByCategory: [],
      CustomConstructs: [],
      ResearchEnabled: false,
    });
  });
});
