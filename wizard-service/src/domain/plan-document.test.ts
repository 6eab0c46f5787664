import { CONTRACT_STEPS, WEB_CLIENT_STEPS } from '../../../test/fixtures/step-data';
import { loadCatalog } from '../catalog/catalog';
import { PlanDocumentBuilder } from './plan-document';
import { RecommendationEngine } from './recommendations';

const { catalog, rules } = loadCatalog();
const builder = new PlanDocumentBuilder(catalog, new RecommendationEngine(catalog, rules));

describe('the plan document behind PDFs and templates', () => {
  it("maps the web client's steps to the plan document, with catalog texts for what it selected", () => {
    const document = builder.build(WEB_CLIENT_STEPS, undefined);
    expect(document).toMatchObject({
      title: 'Quest log redesign',
      evaluationGoals: ['Usability & Efficiency', 'Immersion / Flow / Focused Attention', 'Autonomy / Perceived Choice'],
      projectType: '',
      participants: '10-30',
      developmentStage: 'High-fidelity prototype',
      accessibility: 'Moderate',
      timeConstraint: '1-2 weeks',
      extraConstraints: ['Technical limitation'],
      researchEnabled: true,
      researchObjective: 'Does the new log reduce drop-off?',
      // Blank entries the client sends for "none" are dropped.
      researchQuestions: ['Do players find quests faster?'],
      hypotheses: [],
      nextSteps: ['Pilot test the study setup', 'Schedule sessions with participants', 'Observe and collect data'],
      notes: 'Book the lab for March.',
      description: '',
      customConstructs: [
        { name: 'Sense of progress', description: 'How clearly players see their advance', goals: ['Progress / Accomplishment'] },
      ],
    });
    const thinkAloud = catalog.methods.find((m) => m.id === 'think-aloud')!;
    expect(document.selectedMethods[0]).toEqual({
      name: 'Think-aloud testing',
      description: thinkAloud.description,
      priority: 'Recommended',
      rationale: thinkAloud.rationale,
    });
    // The custom construct listed among the instruments is not repeated as an instrument.
    expect(document.selectedInstruments.map((i) => i.name)).toEqual(['SUS (System Usability Scale)', 'FSS-2 (Flow State Scale)']);
    expect(document.selectedInstruments.every((i) => i.description !== '' && i.rationale !== '')).toBe(true);
    expect(document.goalsByCategory).toEqual([
      { category: 'Pragmatic UX', goals: ['Usability & Efficiency'] },
      { category: 'Psychological Needs', goals: ['Autonomy / Perceived Choice'] },
      { category: 'Cognitive Engagement', goals: ['Immersion / Flow / Focused Attention'] },
    ]);
  });

  it('titles a project by its name and a nameless session "Evaluation plan"', () => {
    expect(builder.build(WEB_CLIENT_STEPS, { name: 'Tutorial study', description: ' Onboarding ' })).toMatchObject({
      title: 'Tutorial study',
      description: 'Onboarding',
    });
    expect(builder.build(CONTRACT_STEPS, undefined).title).toBe('Evaluation plan');
  });

  it('keeps words it does not know, as sent, without descriptions, and ids become catalog names', () => {
    const document = builder.build(
      {
        ...CONTRACT_STEPS,
        '2': { selectedMethods: ['think-aloud', 'Think-aloud testing', 'Wizard of Oz'] },
      },
      undefined,
    );
    expect(document.goalsByCategory).toEqual([{ category: 'Other goals', goals: ['Usability & Playability'] }]);
    expect(document.selectedMethods.map(({ name, description }) => [name, description === ''])).toEqual([
      ['Think-aloud testing', false],
      ['Wizard of Oz', true],
    ]);
    expect(document.selectedInstruments.map((i) => i.name)).toEqual([
      'SUS (System Usability Scale)',
      'GEQ (Game Experience Questionnaire)',
    ]);
    expect(document.researchEnabled).toBe(false);
  });

  it('tolerates steps of the wrong shape (older rows) without throwing', () => {
    const document = builder.build(
      { '1': { evaluationGoals: 'x', researchQuestions: [1, null] }, '3': { customConstructs: [null, 'x', {}] } },
      undefined,
    );
    expect(document.evaluationGoals).toEqual([]);
    expect(document.researchQuestions).toEqual([]);
    expect(document.customConstructs).toEqual([]);
  });
});
