/**
 * Example bodies of the API reference: the OpenAPI document shows these, and
 * docs/api.md shows the same (a unit test compares them). The step data is
 * what the known web client sends (../shared/domain/vocabulary.md).
 */

/** stepData of the four wizard steps, as the web client sends them. */
export const STEP_DATA_EXAMPLES = {
  1: {
    projectName: 'Quest log redesign',
    evaluationGoals: ['Usability & Efficiency', 'Immersion / Flow / Focused Attention', 'Autonomy / Perceived Choice'],
    projectType: '',
    participants: '10-30',
    developmentStage: 'High-fidelity prototype',
    accessibility: 'Moderate',
    time: '1-2 weeks',
    extraConstraints: ['Technical limitation'],
    researchEnabled: true,
    researchObjective: 'Does the new log reduce drop-off?',
    researchQuestions: ['Do players find quests faster?', ''],
    hypotheses: [''],
  },
  2: { selectedMethods: ['Think-aloud testing', 'Surveys & Questionnaires'] },
  3: {
    selectedInstruments: ['SUS (System Usability Scale)', 'FSS-2 (Flow State Scale)', 'Sense of progress'],
    customConstructs: [
      { name: 'Sense of progress', description: 'How clearly players see their advance', goals: ['Progress / Accomplishment'] },
    ],
  },
  4: {
    nextSteps: ['Pilot test the study setup', 'Schedule sessions with participants', 'Observe and collect data'],
    notes: 'Book the lab for March.',
  },
} as const;

/** The contract's own words for the same steps (ids and older labels): stored as sent. */
export const CONTRACT_STEP_DATA_EXAMPLES = {
  1: {
    evaluationGoals: ['Usability & Playability'],
    projectType: 'Concept test',
    participants: 'Limited set of participants',
    developmentStage: 'Concept idea',
  },
  2: { selectedMethods: ['think-aloud', 'heuristic-evaluation'] },
  3: { selectedInstruments: ['sus', 'geq'] },
  4: { nextSteps: ['recruit participants'] },
} as const;

export const SESSION_ID = '80232645-f978-4133-8684-1e2d2ee2b9e8';
export const PROJECT_ID = '0b5a4c0e-8d0e-4c55-9d5b-5e6a1c7e9f10';
export const USER_ID = '8ee2a4aa-8e22-458d-a19a-313631ae5894';

export const USER_EXAMPLE = { id: USER_ID, email: 'ada@example.com', created_at: '2026-11-23T12:56:51.023Z' };

export const AUTH_RESULT_EXAMPLE = {
  access_token:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI4ZWUyYTRhYS04ZTIyLTQ1OGQtYTE5YS0zMTM2MzFhZTU4OTQiLCJqdGkiOiI0YjJkIn0.c2lnbmF0dXJl',
  token_type: 'Bearer',
  expires_in: 900,
  user: USER_EXAMPLE,
};

const FRESH_WIZARD = { currentStep: 1, isComplete: false, steps: {} };

/** All four steps saved: what a complete wizard reads back as. */
const COMPLETE_WIZARD = { currentStep: 4, isComplete: true, steps: STEP_DATA_EXAMPLES };

export const SESSION_EXAMPLE = {
  sessionId: SESSION_ID,
  wizardStatus: FRESH_WIZARD,
  createdAt: '2026-11-23T13:22:37.605Z',
  expiresAt: '2026-11-25T13:22:37.605Z',
  pdfUrl: null,
};

export const PROJECT_EXAMPLE = {
  projectId: PROJECT_ID,
  name: 'Quest log study',
  description: 'Spring round',
  wizardStatus: FRESH_WIZARD,
  pdfUrl: null,
  createdAt: '2026-11-23T13:30:00.000Z',
  updatedAt: '2026-11-23T13:30:00.000Z',
};

/** A project converted from a session with all four steps and a PDF. */
export const CONVERTED_PROJECT_EXAMPLE = {
  ...PROJECT_EXAMPLE,
  wizardStatus: COMPLETE_WIZARD,
  pdfUrl: `/files/pdfs/sessions/${SESSION_ID}/1795448034641746265.pdf`,
};

/** The wizard status after saving steps 1 to n, in order. */
function statusAfter(step: 1 | 2 | 3 | 4): { currentStep: number; isComplete: boolean; steps: Record<string, unknown> } {
  const steps: Record<string, unknown> = {};
  for (let n = 1; n <= step; n += 1) steps[String(n)] = STEP_DATA_EXAMPLES[n as 1 | 2 | 3 | 4];
  return { currentStep: Math.min(step + 1, 4), isComplete: step === 4, steps };
}

/** The answer to saving step n of a session (steps before it saved). */
export function sessionStepAnswer(step: 1 | 2 | 3 | 4): Record<string, unknown> {
  return {
    sessionId: SESSION_ID,
    stepNumber: step,
    stepData: STEP_DATA_EXAMPLES[step],
    wizardStatus: statusAfter(step),
    createdAt: SESSION_EXAMPLE.createdAt,
    expiresAt: SESSION_EXAMPLE.expiresAt,
  };
}

/** The answer to saving step n of a project (steps before it saved). */
export function projectStepAnswer(step: 1 | 2 | 3 | 4): Record<string, unknown> {
  return {
    projectId: PROJECT_ID,
    stepNumber: step,
    stepData: STEP_DATA_EXAMPLES[step],
    updatedAt: '2026-11-23T13:41:09.217Z',
    wizardStatus: statusAfter(step),
  };
}

export const RECOMMENDATIONS_EXAMPLE = {
  forStep: 3,
  recommendations: [
    {
      id: 'task-based-protocol',
      name: 'Task based protocol',
      description:
        'A written plan of realistic tasks or scenarios for participants or evaluators to work through, each with a starting point, a goal and success criteria.',
      priority: 'Recommended',
      rationale: 'Makes sessions comparable and ensures the key features and game loops are actually exercised.',
      tags: ['tasks', 'protocol', 'structured'],
      icon: 'target',
      matchedOn: [
        { kind: 'method', value: 'think-aloud' },
        { kind: 'developmentStage', value: 'High-fidelity prototype' },
      ],
    },
  ],
};

export const PDF_RESULT_EXAMPLE = {
  pdfUrl: `https://plans.example.org/files/pdfs/projects/${PROJECT_ID}/1795448034641746265.pdf`,
  email: { requested: true, to: 'ada@example.org', provider: 'smtp', sent: true, messageId: '<8c1f2e3a-5d7b@example.org>' },
};

/** A converted project's kept PDFs, newest first: two of its own and the one its session rendered. */
export const PDF_HISTORY_EXAMPLE = {
  pdfs: [
    { pdfUrl: PDF_RESULT_EXAMPLE.pdfUrl, createdAt: '2026-11-23T15:33:54.641Z', size: 48213 },
    {
      pdfUrl: `https://plans.example.org/files/pdfs/projects/${PROJECT_ID}/1795447731102835211.pdf`,
      createdAt: '2026-11-23T15:28:51.102Z',
      size: 47980,
    },
    {
      pdfUrl: `https://plans.example.org/files/pdfs/sessions/${SESSION_ID}/1795446922474110023.pdf`,
      createdAt: '2026-11-23T15:15:22.474Z',
      size: 46102,
    },
  ],
};

export const PDF_TEMPLATE_EXAMPLE = {
  html: '<h1>{{ .Title }}</h1><p>{{ formatDate .Date "January 2, 2006" }}</p><h2>Goals</h2><p>{{ join .EvaluationGoals ", " }}</p>{{ range .SelectedMethods }}<h3>{{ .Name }} <small>{{ .Priority }}</small></h3><p>{{ .Rationale }}</p>{{ end }}<p>{{ default .Notes "No notes provided." }}</p>',
  css: 'body { font-family: sans-serif; } h1 { color: #1f4e79; }',
};

export const ACTIVITY_EVENT_EXAMPLE = {
  type: 'wizard.step_viewed',
  sessionId: SESSION_ID,
  page: '/wizard/step/2',
  metadata: { step: 2, durationMs: 5400 },
};

const SUS_MINUTES = { low: 2, high: 3, estimate: true, note: 'estimate: about 10–15 s per item' };

/** GET .../plan as JSON: a short plan, one method and one instrument. */
export const PLAN_RESULT_EXAMPLE = {
  plan: {
    title: 'Quest log redesign',
    description: '',
    evaluationGoals: ['Usability & Efficiency', 'Competence / Mastery'],
    goalsByCategory: [
      { category: 'Pragmatic UX', goals: ['Usability & Efficiency'] },
      { category: 'Psychological Needs', goals: ['Competence / Mastery'] },
    ],
    projectType: '',
    participants: '10-30',
    developmentStage: 'High-fidelity prototype',
    accessibility: 'Moderate',
    timeConstraint: '1-2 weeks',
    extraConstraints: [],
    researchEnabled: false,
    researchObjective: '',
    researchQuestions: [],
    hypotheses: [],
    selectedMethods: [
      {
        id: 'think-aloud',
        name: 'Think-aloud testing',
        kind: 'qualitative',
        description: 'Participants say what they think while they use the system.',
        priority: 'Recommended',
        priorityLabel: 'Recommended',
        rationale: 'Shows where players get stuck and why.',
        goals: ['Usability & Efficiency'],
        items: [],
        responseFormat: '',
        minutes: { low: 60, high: 90, estimate: true, note: 'practitioner convention; not confirmed by a source' },
        constructs: [],
        licence: '',
        participantGuidance: 'About 5 participants find most problems of one user group in one round (Nielsen & Landauer, 1993).',
        cites: ['Nielsen & Landauer, 1993'],
      },
    ],
    selectedInstruments: [
      {
        id: 'sus',
        name: 'SUS (System Usability Scale)',
        kind: 'questionnaire',
        description: 'Ten statements on perceived usability.',
        priority: '',
        priorityLabel: '',
        rationale: '',
        goals: ['Usability & Efficiency'],
        items: [{ version: '', count: 10, detail: '' }],
        responseFormat: '5-point Likert scale',
        minutes: SUS_MINUTES,
        constructs: ['Perceived usability'],
        licence: 'Made freely available by its author.',
        participantGuidance: '',
        cites: ['Brooke, 1996'],
      },
    ],
    customConstructs: [],
    coverage: {
      columns: [
        { kind: 'method', id: 'think-aloud', name: 'Think-aloud testing' },
        { kind: 'instrument', id: 'sus', name: 'SUS (System Usability Scale)' },
      ],
      rows: [
        { goal: 'Usability & Efficiency', measuredBy: [true, true], covered: true, suggestions: [] },
        {
          goal: 'Competence / Mastery',
          measuredBy: [false, false],
          covered: false,
          suggestions: ['PENS (Player Experience of Need Satisfaction)'],
        },
      ],
      uncoveredGoals: ['Competence / Mastery'],
    },
    timeBudget: {
      lines: [
        {
          name: 'Think-aloud testing',
          kind: 'method',
          participantMinutes: { low: 60, high: 90, estimate: true, note: '' },
          researcherHoursLow: 10,
          researcherHoursHigh: 45,
          basis: 'one moderated session per participant',
        },
        {
          name: 'SUS (System Usability Scale)',
          kind: 'instrument',
          participantMinutes: { ...SUS_MINUTES, note: '' },
          researcherHoursLow: 0,
          researcherHoursHigh: 0,
          basis: 'answered without a researcher',
        },
      ],
      minutesPerParticipant: { low: 62, high: 93, estimate: true, note: '' },
      participantsLow: 10,
      participantsHigh: 30,
      participantHoursLow: 10.3,
      participantHoursHigh: 46.5,
      researcherHoursLow: 10,
      researcherHoursHigh: 45,
      availableHours: 40,
      fits: false,
      warnings: ['With 30 participants the sessions need about 45 researcher hours, but 1-2 weeks allow about 40.'],
      assumptions: ['One researcher runs every moderated session and spends about 20 hours a week on them.'],
    },
    checklist: null,
    references: [
      {
        key: 'brooke-1996',
        citation: 'Brooke, 1996',
        text: 'Brooke, J. (1996). SUS: A "quick and dirty" usability scale. In P. W. Jordan et al. (Eds.), Usability evaluation in industry (pp. 189–194). Taylor & Francis.',
        runs: [
          { text: 'Brooke, J. (1996). SUS: A "quick and dirty" usability scale. In P. W. Jordan et al. (Eds.), ', italic: false },
          { text: 'Usability evaluation in industry', italic: true },
          { text: ' (pp. 189–194). Taylor & Francis.', italic: false },
        ],
        doiUrl: '',
      },
    ],
    priorityLegend: 'Recommended: our rules match it to this plan’s goals and context.',
    nextSteps: ['Pilot test the study setup'],
    notes: 'Book the lab for March.',
  },
};

/** The start of the same plan as Markdown. */
export const PLAN_MARKDOWN_EXAMPLE = `# Quest log redesign

Evaluation plan · 23 November 2026

## Context

| Aspect | Details |
| --- | --- |
| **Project type** | *Not specified* |
| **Participants** | 10-30 |

## Goal coverage

| Goal | Think-aloud testing | SUS (System Usability Scale) | Status |
| --- | --- | --- | --- |
| **Usability & Efficiency** | ✓ | ✓ | Covered |
| **Competence / Mastery** |   |   | **Not covered. Consider: PENS (Player Experience of Need Satisfaction)** |
`;
