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
