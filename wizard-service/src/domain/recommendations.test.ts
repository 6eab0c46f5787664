import { loadCatalog } from '../catalog/catalog';
import { RecommendationEngine } from './recommendations';
import type { Steps } from './wizard-status';

const { catalog, rules } = loadCatalog();
const engine = new RecommendationEngine(catalog, rules);

const summary = (steps: Steps, forStep: 2 | 3 | 4) => engine.recommend(steps, forStep).map((r) => [r.id, r.priority]);

describe('recommendations for realistic plans', () => {
  it('step 2, a small usability study of a concept: expert review joins think-aloud and surveys', () => {
    const steps = { '1': { evaluationGoals: ['Usability & Efficiency'], participants: '< 10', developmentStage: 'Concept / idea' } };
    expect(summary(steps, 2)).toEqual([
      ['expert-review', 'Recommended'],
      ['surveys', 'Recommended'],
      ['think-aloud', 'Recommended'],
    ]);
    const [expert, , thinkAloud] = engine.recommend(steps, 2);
    // Two rules chose expert review; what they matched on is merged without repeats.
    expect(expert!.matchedOn).toEqual([
      { kind: 'goal', value: 'Usability & Efficiency' },
      { kind: 'participants', value: '< 10' },
      { kind: 'developmentStage', value: 'Concept / idea' },
    ]);
    expect(thinkAloud!.matchedOn).toEqual([
      { kind: 'goal', value: 'Usability & Efficiency' },
      { kind: 'participants', value: '< 10' },
    ]);
  });

  it('step 2, a large behaviour-change study with research questions and a sensitive population', () => {
    const steps = {
      '1': {
        evaluationGoals: ['Behavioral Impact', 'Engagement'],
        participants: '100+',
        developmentStage: 'Deployed system',
        accessibility: 'Difficult',
        time: '1 month',
        extraConstraints: ['Sensitive population'],
        researchEnabled: true,
      },
    };
    expect(summary(steps, 2)).toEqual([
      ['diary-study', 'Recommended'],
      ['interview', 'Recommended'], // Engagement from the constraint rule, Recommended from the research rule: the stronger wins
      ['observation', 'Recommended'],
      ['surveys', 'Recommended'],
      ['think-aloud', 'Recommended'],
      ['heuristic-evaluation', 'Engagement'],
    ]);
    const interview = engine.recommend(steps, 2).find((r) => r.id === 'interview')!;
    expect(interview.matchedOn).toEqual([
      { kind: 'constraint', value: 'Sensitive population' },
      { kind: 'research', value: 'enabled' },
    ]);
  });

  it('step 3 takes the methods chosen in step 2, by name or by id, in any case', () => {
    const steps = {
      '1': { evaluationGoals: ['Usability & Efficiency'], participants: '10-30', developmentStage: 'High-fidelity prototype' },
      '2': { selectedMethods: ['THINK-ALOUD TESTING', 'surveys'] },
    };
    expect(summary(steps, 3)).toEqual([
      ['attrakdiff', 'Recommended'],
      ['observation-grid', 'Recommended'],
      ['task-based-protocol', 'Recommended'],
      ['think-aloud-script', 'Recommended'],
      ['umux-lite', 'Recommended'],
      ['mecue', 'Engagement'],
      ['sus', 'Engagement'],
      ['ueq', 'Engagement'],
    ]);
    const taskProtocol = engine.recommend(steps, 3).find((r) => r.id === 'task-based-protocol')!;
    expect(taskProtocol.matchedOn).toEqual([
      { kind: 'method', value: 'think-aloud' },
      { kind: 'developmentStage', value: 'High-fidelity prototype' },
    ]);
  });

  it('step 4 covers methods, instruments (SUS by its full name), sample size, time and research', () => {
    const steps = {
      '1': {
        evaluationGoals: ['Engagement'],
        participants: '100+',
        developmentStage: 'Deployed system',
        time: '1 week',
        researchEnabled: true,
      },
      '2': { selectedMethods: ['Surveys & Questionnaires', 'Think-aloud testing', 'Observation'] },
      '3': { selectedInstruments: ['SUS (System Usability Scale)'] },
    };
    const items = engine.recommend(steps, 4);
    expect(Object.fromEntries(items.map((r) => [r.id, r.priority]))).toEqual({
      'survey-analysis-plan': 'Recommended',
      'pilot-questionnaire': 'Engagement',
      'moderation-script': 'Recommended',
      'issue-coding-sheet': 'Engagement',
      'observation-protocol': 'Recommended',
      'sampling-and-segmentation-plan': 'Recommended',
      'rapid-evaluation-checklist': 'Recommended',
      'research-protocol': 'Recommended',
      'ethics-and-consent-review': 'Engagement',
      'sus-scoring-and-benchmarking': 'Recommended',
    });
    expect(items.find((r) => r.id === 'sus-scoring-and-benchmarking')!.matchedOn).toEqual([{ kind: 'instrument', value: 'sus' }]);
    // Recommended first, then by name.
    const order = items.map((r) => [r.priority === 'Recommended' ? 0 : 1, r.name] as const);
    expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1], 'en')));
  });

  it('every item carries the fields the web client reads, from our catalog', () => {
    const [item] = engine.recommend({ '1': { evaluationGoals: ['Engagement'], participants: '10-30', developmentStage: 'x' } }, 2);
    expect(item).toEqual({
      id: 'think-aloud',
      name: 'Think-aloud testing',
      description: expect.stringMatching(/\w/),
      priority: 'Recommended',
      rationale: expect.stringMatching(/\w/),
      tags: expect.arrayContaining([expect.any(String)]),
      icon: expect.stringMatching(/^[a-z-]+$/),
      matchedOn: [{ kind: 'goal', value: 'Engagement' }],
    });
  });

  it('matches goals whatever their case and surrounding spaces, and reports the catalog spelling', () => {
    const [first] = engine.recommend({ '1': { evaluationGoals: ['  self-transcendence '] } }, 2);
    expect(first!.matchedOn).toEqual([{ kind: 'goal', value: 'Self-Transcendence' }]);
  });

  it('answers [] when nothing matches: older vocabulary, or a step with nothing saved before it', () => {
    const older = {
      '1': { evaluationGoals: ['Usability & Playability'], participants: 'Limited set of participants', developmentStage: 'Concept idea' },
    };
    expect(engine.recommend(older, 2)).toEqual([]);
    expect(engine.recommend({}, 3)).toEqual([]);
    expect(engine.recommend({}, 4)).toEqual([]);
  });

  it('ignores values of the wrong type instead of failing', () => {
    const odd = { '1': { evaluationGoals: 'Engagement', participants: 5, extraConstraints: [1, null] } } as unknown as Steps;
    expect(engine.recommend(odd, 2)).toEqual([]);
  });
});
