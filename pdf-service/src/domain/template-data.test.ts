import type { types } from '@evalplan/protos';
import { PLAN_DOCUMENT } from '../../../test/fixtures/plan-document';
import { templateData } from './template-data';

/** A plan item with none of the catalog's facts. */
const bare = (name: string, description: string, priority: string, rationale: string): types.PlanItem__Output => ({
  name,
  description,
  priority,
  rationale,
  id: '',
  priorityLabel: '',
  goals: [],
  items: [],
  responseFormat: '',
  minutes: null,
  constructs: [],
  licence: '',
  participantGuidance: '',
  cites: [],
  kind: '',
});

/** What templateData makes of such an item. */
const bareData = (Name: string, Description: string, Priority: string, Rationale: string) => ({
  Name,
  Description,
  Priority,
  Rationale,
  Id: '',
  PriorityLabel: '',
  Goals: [],
  Items: [],
  ResponseFormat: '',
  Minutes: null,
  Constructs: [],
  Licence: '',
  ParticipantGuidance: '',
  Cites: [],
  Kind: '',
});

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
  selectedMethods: [bare('Think-aloud testing', 'Say it.', 'Recommended', 'Early friction.')],
  selectedInstruments: [bare('SUS (System Usability Scale)', '', '', '')],
  nextSteps: ['Pilot test the study setup'],
  notes: 'Book the lab.',
  description: 'Onboarding',
  goalsByCategory: [
    { category: 'Pragmatic UX', goals: ['Usability & Efficiency'] },
    { category: 'Other goals', goals: ['Gemeinschaftsgefühl'] },
  ],
  customConstructs: [{ name: 'Sense of progress', description: 'How clearly players advance', goals: ['Gemeinschaftsgefühl'] }],
  coverage: null,
  timeBudget: null,
  checklist: null,
  references: [],
  priorityLegend: '',
};

/** What templateData makes of an absent time budget: zeros and empty lists. */
const NO_BUDGET = {
  Lines: [],
  MinutesPerParticipant: { Low: 0, High: 0, Estimate: false, Note: '' },
  ParticipantsLow: 0,
  ParticipantsHigh: 0,
  ParticipantHoursLow: 0,
  ParticipantHoursHigh: 0,
  ResearcherHoursLow: 0,
  ResearcherHoursHigh: 0,
  AvailableHours: 0,
  Fits: true,
  Warnings: [],
  Assumptions: [],
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
      SelectedMethods: [bareData('Think-aloud testing', 'Say it.', 'Recommended', 'Early friction.')],
      SelectedInstruments: [bareData('SUS (System Usability Scale)', '', '', '')],
      NextSteps: ['Pilot test the study setup'],
      Notes: 'Book the lab.',
      Description: 'Onboarding',
      GoalsByCategory: [
        { Category: 'Pragmatic UX', Goals: ['Usability & Efficiency'] },
        { Category: 'Other goals', Goals: ['Gemeinschaftsgefühl'] },
      ],
      CustomConstructs: [{ Name: 'Sense of progress', Description: 'How clearly players advance', Goals: ['Gemeinschaftsgefühl'] }],
      // Absent parts of the document are empty, never missing: a template can always range over them.
      Coverage: { Columns: [], Rows: [], UncoveredGoals: [] },
      TimeBudget: NO_BUDGET,
      Checklist: null,
      References: [],
      PriorityLegend: '',
    });
  });

  it('gives each method and instrument its facts, minutes null where the catalog has none', () => {
    const data = templateData(PLAN_DOCUMENT, new Date(0));
    expect(data.SelectedInstruments[1]).toEqual({
      Name: 'UEQ (User Experience Questionnaire)',
      Description: 'Pairs of opposite adjectives on six scales.',
      Priority: '',
      Rationale: '',
      Id: 'ueq',
      PriorityLabel: '',
      Goals: ['Usability & Efficiency'],
      Items: [
        { Version: '', Count: 26, Detail: '' },
        { Version: 'UEQ-S', Count: 8, Detail: '' },
      ],
      ResponseFormat: '7-point semantic differential',
      Minutes: { Low: 3, High: 5, Estimate: false, Note: 'UEQ handbook, including demographics' },
      Constructs: ['Attractiveness', 'Perspicuity', 'Efficiency', 'Dependability', 'Stimulation', 'Novelty'],
      Licence: 'Free to download from the authors’ site.',
      ParticipantGuidance: '',
      Cites: ['Laugwitz et al., 2008', 'Schrepp et al., 2017'],
      Kind: 'questionnaire',
    });
    expect(data.SelectedMethods[0]).toMatchObject({
      Id: 'think-aloud',
      PriorityLabel: 'Recommended',
      Kind: 'qualitative',
      Minutes: { Low: 60, High: 90, Estimate: true },
      ParticipantGuidance: expect.stringContaining('About 5 participants'),
      Cites: ['Ericsson & Simon, 1993', 'Nielsen & Landauer, 1993'],
    });
    expect(templateData(document, new Date(0)).SelectedMethods[0]!.Minutes).toBeNull();
  });

  it('gives the coverage, time budget, checklist, references and legend under TitleCase names', () => {
    const data = templateData(PLAN_DOCUMENT, new Date(0));
    expect(data.Coverage!.Columns[4]).toEqual({ Kind: 'construct', Id: '', Name: 'Sense of progress' });
    expect(data.Coverage!.Rows[1]).toEqual({
      Goal: 'Competence / Mastery',
      MeasuredBy: [false, false, false, false, false],
      Covered: false,
      Suggestions: [
        'PENS (Player Experience of Need Satisfaction)',
        'IMI (Intrinsic Motivation Inventory)',
        'BNS (Basic Need Satisfaction)',
      ],
    });
    expect(data.Coverage!.UncoveredGoals).toEqual(['Competence / Mastery']);
    expect(data.TimeBudget).toMatchObject({
      MinutesPerParticipant: { Low: 65, High: 98, Estimate: true, Note: '' },
      ParticipantsLow: 10,
      ParticipantsHigh: 30,
      ParticipantHoursLow: 10.8,
      ParticipantHoursHigh: 49,
      ResearcherHoursLow: 10,
      ResearcherHoursHigh: 45,
      AvailableHours: 20,
      Fits: false,
      Warnings: [expect.stringContaining('45 researcher hours')],
      Assumptions: [expect.any(String), 'Each participant answers every questionnaire once.'],
    });
    expect(data.TimeBudget!.Lines[0]).toEqual({
      Name: 'Think-aloud testing',
      Kind: 'method',
      ParticipantMinutes: { Low: 60, High: 90, Estimate: true, Note: '' },
      ResearcherHoursLow: 10,
      ResearcherHoursHigh: 45,
      Basis: 'one moderated session per participant',
    });
    expect(data.Checklist).toEqual({
      Reasons: ['research is enabled', 'the participants include a sensitive population'],
      Items: [
        { Topic: 'Consent', Question: expect.stringContaining('informed consent') },
        { Topic: 'Right to withdraw', Question: expect.stringContaining('stop at any time') },
      ],
      Disclaimer: 'These are questions to work through with your institution, not legal advice.',
    });
    expect(data.References![0]).toEqual({
      Key: 'brooke-1996',
      Citation: 'Brooke, 1996',
      Text: expect.stringMatching(/^Brooke, J\. \(1996\)/),
      Runs: [
        { Text: expect.stringContaining('Brooke, J.'), Italic: false },
        { Text: 'Usability evaluation in industry', Italic: true },
        { Text: ' (pp. 189–194). Taylor & Francis.', Italic: false },
      ],
      DoiUrl: '',
    });
    expect(data.PriorityLegend).toMatch(/^Recommended: /);
  });

  it('maps parts a sender left out to empty values instead of failing', () => {
    // As a document from an older sender decodes: the new fields absent altogether.
    const old = {
      ...document,
      selectedMethods: [{ name: 'Interview', description: '', priority: '', rationale: '' }],
    } as Partial<types.PlanDocument__Output> as types.PlanDocument__Output;
    for (const key of ['coverage', 'timeBudget', 'checklist', 'references', 'priorityLegend'] as const) delete old[key];
    const data = templateData(old, new Date(0));
    expect(data.SelectedMethods[0]).toEqual(bareData('Interview', '', '', ''));
    expect(data.Coverage).toEqual({ Columns: [], Rows: [], UncoveredGoals: [] });
    expect(data.TimeBudget).toEqual(NO_BUDGET);
    expect(data.Checklist).toBeNull();
    expect(data.References).toEqual([]);
    expect(data.PriorityLegend).toBe('');
  });

  it('gives a reference without runs its plain text as one upright run', () => {
    const data = templateData(
      { ...document, references: [{ key: 'k', citation: 'Doe, 2020', text: 'Doe, J. (2020). A title.', runs: [], doiUrl: '' }] },
      new Date(0),
    );
    expect(data.References![0]!.Runs).toEqual([{ Text: 'Doe, J. (2020). A title.', Italic: false }]);
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
