import path from 'node:path';
import { CONTRACT_STEPS, WEB_CLIENT_STEPS } from '../../../test/fixtures/step-data';
import { TYPICAL_PLANS } from '../../../test/fixtures/typical-plans';
import { expectGolden } from '../../../test/helpers/golden';
import { loadCatalog } from '../catalog/catalog';
import { PlanDocumentBuilder, PRIORITY_LEGEND } from './plan-document';
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
    expect(document.selectedMethods[0]).toMatchObject({
      id: 'think-aloud',
      name: 'Think-aloud testing',
      description: thinkAloud.description,
      priority: 'Recommended',
      priorityLabel: 'Recommended',
      rationale: thinkAloud.rationale,
      participantGuidance: thinkAloud.facts.participantGuidance,
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

  it.each(Object.keys(TYPICAL_PLANS) as Array<keyof typeof TYPICAL_PLANS>)(
    'builds the %s plan exactly as its golden file says: coverage, time budget, checklist, references and facts',
    (name) => {
      const { steps, project } = TYPICAL_PLANS[name];
      const document = builder.build(steps, project);
      expectGolden(path.join(__dirname, '__golden__', `${name}-plan.json`), `${JSON.stringify(document, null, 2)}\n`);
    },
  );

  it('flags a Competence goal that only SUS is meant to measure, and names instruments that would measure it', () => {
    const document = builder.build(
      {
        '1': { evaluationGoals: ['Competence / Mastery', 'Usability & Efficiency'], participants: '10-30', time: '1 month' },
        '2': { selectedMethods: ['surveys'] },
        '3': { selectedInstruments: ['sus'] },
        '4': { nextSteps: [] },
      },
      undefined,
    );
    expect(document.coverage?.uncoveredGoals).toEqual(['Competence / Mastery']);
    const [competence, usability] = document.coverage!.rows;
    expect(competence).toMatchObject({ goal: 'Competence / Mastery', covered: false, measuredBy: [false, false] });
    // The rules recommend PENS for competence, so it comes first.
    expect(competence!.suggestions[0]).toBe('PENS (Player Experience of Need Satisfaction)');
    expect(competence!.suggestions).toContain('IMI (Intrinsic Motivation Inventory)');
    expect(usability).toMatchObject({ covered: true, measuredBy: [false, true], suggestions: [] });
    expect(document.coverage!.columns.map((column) => column.kind)).toEqual(['method', 'instrument']);
  });

  it('warns when the plan needs more researcher time than the time available allows', () => {
    const document = builder.build(
      {
        '1': { evaluationGoals: ['Usability & Efficiency'], participants: '30-100', time: '1 week' },
        '2': { selectedMethods: ['think-aloud', 'interview'] },
        '3': { selectedInstruments: ['sus'] },
      },
      undefined,
    );
    expect(document.timeBudget?.fits).toBe(false);
    expect(document.timeBudget?.warnings[0]).toMatch(/^Even with 30 participants the sessions need about \d+ h of researcher time/);
    const fitting = builder.build(
      {
        '1': { evaluationGoals: ['Usability & Efficiency'], participants: '< 10', time: '1 month' },
        '2': { selectedMethods: ['think-aloud'] },
      },
      undefined,
    );
    expect(fitting.timeBudget).toMatchObject({ fits: true, warnings: [] });
  });

  it('cites a source for every fact it prints, and lists each source once in the references', () => {
    const { steps, project } = TYPICAL_PLANS.long;
    const document = builder.build(steps, project);
    const citations = new Set(document.references.map((reference) => reference.citation));
    const cited = [...document.selectedMethods, ...document.selectedInstruments].flatMap((item) => item.cites);
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.filter((citation) => !citations.has(citation))).toEqual([]);
    expect(citations.size).toBe(document.references.length);
    expect(document.priorityLegend).toBe(PRIORITY_LEGEND);
  });

  it('has a checklist only when research is enabled or a sensitive population takes part', () => {
    expect(builder.build(TYPICAL_PLANS.short.steps, undefined).checklist).toBeNull();
    expect(builder.build(TYPICAL_PLANS.typical.steps, undefined).checklist?.reasons).toEqual([
      'research is enabled',
      'the participants include a sensitive population',
    ]);
  });
});
