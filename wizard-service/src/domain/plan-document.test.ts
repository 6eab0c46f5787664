import { CONTRACT_STEPS, WEB_CLIENT_STEPS } from '../../../test/fixtures/step-data';
import { loadCatalog } from '../catalog';
import { PlanDocumentBuilder } from './plan-document';
import { RecommendationEngine } from './recommendations';

const { catalog, rules } = loadCatalog();
const builder = new PlanDocumentBuilder(catalog, new RecommendationEngine(catalog, rules));

describe('the plan document behind PDFs and templates', () => {
  it("maps the web client's steps to the template fields, with catalog texts for what it selected", () => {
    const document = builder.build(WEB_CLIENT_STEPS, undefined);
    expect(document).toMatchObject({
      Title: 'Quest log redesign',
      EvaluationGoals: ['Usability & Efficiency', 'Immersion / Flow / Focused Attention', 'Autonomy / Perceived Choice'],
      ProjectType: '',
      Participants: '10-30',
      DevelopmentStage: 'High-fidelity prototype',
      Accessibility: 'Moderate',
      TimeConstraint: '1-2 weeks',
      ExtraConstraints: ['Technical limitation'],
      ResearchEnabled: true,
      ResearchObjective: 'Does the new log reduce drop-off?',
      // Blank entries the client sends for "none" are dropped.
      ResearchQuestions: ['Do players find quests faster?'],
      Hypotheses: [],
      NextSteps: ['Pilot test the study setup', 'Schedule sessions with participants', 'Observe and collect data'],
      Notes: 'Book the lab for March.',
      Description: '',
      CustomConstructs: [
        { Name: 'Sense of progress', Description: 'How clearly players see their advance', Goals: ['Progress / Accomplishment'] },
      ],
    });
    const thinkAloud = catalog.methods.find((m) => m.id === 'think-aloud')!;
    expect(document.SelectedMethods[0]).toEqual({
      Name: 'Think-aloud testing',
      Description: thinkAloud.description,
      Priority: 'Recommended',
      Rationale: thinkAloud.rationale,
    });
    // The custom construct listed among the instruments is not repeated as an instrument.
    expect(document.SelectedInstruments.map((i) => i.Name)).toEqual(['SUS (System Usability Scale)', 'FSS-2 (Flow State Scale)']);
    expect(document.SelectedInstruments.every((i) => i.Description !== '' && i.Rationale !== '')).toBe(true);
    expect(document.GoalsByCategory).toEqual([
      { Category: 'Pragmatic UX', Goals: ['Usability & Efficiency'] },
      { Category: 'Psychological Needs', Goals: ['Autonomy / Perceived Choice'] },
      { Category: 'Cognitive Engagement', Goals: ['Immersion / Flow / Focused Attention'] },
    ]);
  });

  it('titles a project by its name and a nameless session "Evaluation plan"', () => {
    expect(builder.build(WEB_CLIENT_STEPS, { name: 'Tutorial study', description: ' Onboarding ' })).toMatchObject({
      Title: 'Tutorial study',
      Description: 'Onboarding',
    });
    expect(builder.build(CONTRACT_STEPS, undefined).Title).toBe('Evaluation plan');
  });

  it('keeps words it does not know, as sent, without descriptions, and ids become catalog names', () => {
    const document = builder.build(
      {
        ...CONTRACT_STEPS,
        '2': { selectedMethods: ['think-aloud', 'Think-aloud testing', 'Wizard of Oz'] },
      },
      undefined,
    );
    expect(document.GoalsByCategory).toEqual([{ Category: 'Other goals', Goals: ['Usability & Playability'] }]);
    expect(document.SelectedMethods.map(({ Name, Description }) => [Name, Description === ''])).toEqual([
      ['Think-aloud testing', false],
      ['Wizard of Oz', true],
    ]);
    expect(document.SelectedInstruments.map((i) => i.Name)).toEqual([
      'SUS (System Usability Scale)',
      'GEQ (Game Experience Questionnaire)',
    ]);
    expect(document.ResearchEnabled).toBe(false);
  });

  it('tolerates steps of the wrong shape (older rows) without throwing', () => {
    const document = builder.build(
      { '1': { evaluationGoals: 'x', researchQuestions: [1, null] }, '3': { customConstructs: [null, 'x', {}] } },
      undefined,
    );
    expect(document.EvaluationGoals).toEqual([]);
    expect(document.ResearchQuestions).toEqual([]);
    expect(document.CustomConstructs).toEqual([]);
  });
});
