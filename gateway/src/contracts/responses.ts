import { ERROR_CODES, type ErrorCode } from '@evalplan/common/errors';
import { type Static, type TSchema, Type, type TUnsafe } from '@sinclair/typebox';
import { MAIL_HELD_BACK, MATCH_KINDS, PRIORITIES } from './answer-values';

/**
 * The gateway's answers, written once. Each is a JSON Schema (TypeBox
 * builds it) that the OpenAPI document lists under its name, and a
 * TypeScript type (`Static<typeof X>`) that the code building the answer
 * must return: a field renamed, dropped or retyped here fails the build
 * until the mapping follows, and the document cannot say otherwise. The
 * system tests validate every answer they receive against the document.
 *
 * The request bodies are the services' (their src/contracts/); the answers
 * are the gateway's, since the gateway is where gRPC messages become HTTP
 * JSON (routes/*.ts, one mapping per route).
 *
 * Only the OpenAPI document loads this module, when it is first asked for
 * (TypeBox is some 200 modules, 80 ms of a start); the routes import its
 * types, which cost nothing at run time, and ./answer-values.
 */

/** A reference to another schema of the document (components.schemas), typed as that schema. */
function ref<T extends TSchema>(name: string, _schema?: T): TUnsafe<Static<T>> {
  return Type.Unsafe<Static<T>>({ $ref: `#/components/schemas/${name}` });
}

/** One of fixed strings, written as JSON Schema's `enum`. */
function oneOf<const T extends readonly string[]>(values: T, options: { description?: string } = {}): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** Any JSON object: data kept as a client sent it (step data as saved, event metadata). */
const AnyObject = (description?: string) => Type.Unsafe<Record<string, unknown>>({ type: 'object', ...(description && { description }) });
const nullable = <T extends TSchema>(schema: T, description?: string) => Type.Union([schema, Type.Null()], { description });
const closed = { additionalProperties: false } as const;

const Timestamp = (description = 'ISO 8601, UTC.') => Type.String({ format: 'date-time', description });
const Uuid = Type.String({ format: 'uuid' });
const ICON = "A name from the web client's icon set (camelCase, such as clipboardCheck or barChart).";
const OK_OR_ERROR = ['ok', 'error'] as const;

export const ErrorEnvelope = Type.Object(
  {
    error: Type.Object(
      {
        code: oneOf(Object.keys(ERROR_CODES) as ErrorCode[]),
        message: Type.String({ minLength: 1, description: 'For people; its wording may change.' }),
        details: AnyObject('Machine-readable particulars: field, path, missingSteps, retryAfterSeconds.'),
      },
      closed,
    ),
  },
  {
    ...closed,
    description:
      'Every non-2xx answer. Validation errors name the offending field in details.field: a dotted path in the body (stepData.selectedMethods.1), ' +
      'for INVALID_STEP_DATA a path inside stepData (selectedMethods.1), or "body" for the whole body.',
  },
);

// ---------------------------------------------------------------- accounts

export const User = Type.Object(
  {
    id: Uuid,
    email: Type.String({ format: 'idn-email', description: 'Lower-cased; may hold non-ASCII characters.' }),
    created_at: Timestamp(),
  },
  closed,
);

export const AuthResult = Type.Object(
  {
    access_token: Type.String({ minLength: 1, description: 'A JWT (HS256) with sub, jti, iat, exp, iss and aud.' }),
    token_type: Type.Literal('Bearer', { description: 'Beyond the contract.' }),
    expires_in: Type.Integer({ minimum: 1, description: 'Seconds until the access token expires (beyond the contract).' }),
    user: ref('User', User),
  },
  { ...closed, description: 'The refresh token is never in the body: it comes in the refresh_token cookie.' },
);

export const Status = Type.Object({ status: Type.Literal('ok') }, closed);

export const SignInSession = Type.Object(
  {
    id: Uuid,
    createdAt: Timestamp('When the person signed in.'),
    lastUsedAt: Timestamp('The last sign-in or refresh.'),
    expiresAt: Timestamp('When it ends unless refreshed.'),
    device: Type.String({ description: 'A short description of the client, from its User-Agent, such as "Firefox on Linux".' }),
    current: Type.Boolean({ description: 'Whether this is the sign-in of the access token that asked.' }),
  },
  { ...closed, description: 'One sign-in (a refresh-token family): a login or registration on one device, kept alive by refreshes.' },
);

export const SignInSessionList = Type.Object(
  { sessions: Type.Array(ref('SignInSession', SignInSession), { description: 'Live sign-ins, most recently used first.' }) },
  closed,
);

export const LogoutAllResult = Type.Object(
  { status: Type.Literal('ok'), ended: Type.Integer({ minimum: 0, description: 'How many sign-ins were ended.' }) },
  closed,
);

export const ExportedProject = Type.Object({
  id: Uuid,
  name: Type.String(),
  description: Type.String(),
  createdAt: Timestamp(),
  updatedAt: Timestamp(),
  currentStep: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
  isComplete: Type.Optional(Type.Boolean()),
  steps: AnyObject('Step number ("1".."4") to the step data as saved.'),
  pdfs: Type.Array(Type.Object({ url: Type.String(), createdAt: Timestamp() })),
});

export const ExportedActivity = Type.Object({
  eventType: Type.String(),
  sessionId: Type.Optional(nullable(Type.String())),
  projectId: Type.Optional(nullable(Type.String())),
  method: Type.Optional(Type.String()),
  path: Type.Optional(Type.String()),
  statusCode: Type.Optional(nullable(Type.Integer())),
  durationMs: Type.Optional(nullable(Type.Number())),
  metadata: Type.Optional(AnyObject()),
  createdAt: Timestamp(),
});

export const AccountExport = Type.Object(
  {
    exportedAt: Timestamp(),
    account: ref('User', User),
    projects: Type.Array(ExportedProject),
    activity: Type.Array(ExportedActivity, { description: "The person's activity events, oldest first." }),
  },
  {
    description: 'Everything evalplan holds about the signed-in person, streamed as one JSON document. Never the password hash or tokens.',
  },
);

// ---------------------------------------------------------------- probes

export const ReadyStatus = Type.Object(
  {
    status: oneOf(OK_OR_ERROR),
    database: oneOf(OK_OR_ERROR, { description: 'PostgreSQL as auth-, wizard- and activity-service report it.' }),
    cache: oneOf(OK_OR_ERROR, { description: "The gateway's Redis." }),
    services: Type.Object(
      { auth: oneOf(OK_OR_ERROR), wizard: oneOf(OK_OR_ERROR), pdf: oneOf(OK_OR_ERROR), activity: oneOf(OK_OR_ERROR) },
      { ...closed, description: 'Each service\'s grpc.health.v1 status (beyond the contract): "ok" only when SERVING.' },
    ),
  },
  closed,
);

export const Message = Type.Object({ message: Type.Literal('pong') }, closed);

export const Accepted = Type.Object({ status: Type.Literal('accepted') }, closed);

// ---------------------------------------------------------------- wizard

/** One step's data, as the request schemas Step1Data..Step4Data (the services' contracts) describe it. */
export const StepData = Type.Unsafe<Record<string, unknown>>({
  description: "One step's data; which one is the step number in the path.",
  anyOf: [1, 2, 3, 4].map((step) => ({ $ref: `#/components/schemas/Step${step}Data` })),
});

export const WizardStatus = Type.Object(
  {
    currentStep: Type.Integer({ minimum: 1, maximum: 4, description: 'The first step not saved yet; 4 once all four are.' }),
    isComplete: Type.Boolean({ description: 'All four steps saved and valid.' }),
    // Stored as saved: data kept from an older version may not pass today's step rules, so answers promise an object only.
    steps: Type.Object(
      {
        1: Type.Optional(AnyObject("Step 1's data as saved (see Step1Data).")),
        2: Type.Optional(AnyObject("Step 2's data as saved (see Step2Data).")),
        3: Type.Optional(AnyObject("Step 3's data as saved (see Step3Data).")),
        4: Type.Optional(AnyObject("Step 4's data as saved (see Step4Data).")),
      },
      { ...closed, description: 'The saved step data by step number; {} for a fresh wizard.' },
    ),
  },
  closed,
);

const PDF_URL_OF_WIZARD = 'Null until a PDF exists. After a conversion it may be a relative /files/pdfs/sessions/<session_id>/<file>.pdf.';

export const Session = Type.Object(
  {
    sessionId: Uuid,
    wizardStatus: ref('WizardStatus', WizardStatus),
    createdAt: Timestamp(),
    expiresAt: Timestamp('createdAt + SESSION_TTL (48 h).'),
    pdfUrl: nullable(Type.String(), 'Beyond the contract: the current PDF, null until one is generated and after every step save.'),
  },
  closed,
);

export const Project = Type.Object(
  {
    projectId: Uuid,
    name: Type.String(),
    description: Type.String(),
    wizardStatus: ref('WizardStatus', WizardStatus),
    pdfUrl: nullable(Type.String(), PDF_URL_OF_WIZARD),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  closed,
);

export const ProjectList = Type.Object(
  {
    projects: Type.Array(ref('Project', Project), { description: 'Newest first.' }),
    total: Type.Integer({ minimum: 0 }),
    limit: Type.Integer({ minimum: 0, maximum: 100 }),
    offset: Type.Integer({ minimum: 0 }),
    hasMore: Type.Boolean(),
  },
  closed,
);

const StepNumber = Type.Integer({ minimum: 1, maximum: 4 });

export const SessionStepResult = Type.Object(
  {
    sessionId: Uuid,
    stepNumber: StepNumber,
    stepData: ref('StepData', StepData),
    wizardStatus: ref('WizardStatus', WizardStatus),
    createdAt: Timestamp(),
    expiresAt: Timestamp(),
  },
  closed,
);

export const ProjectStepResult = Type.Object(
  {
    projectId: Uuid,
    stepNumber: StepNumber,
    stepData: ref('StepData', StepData),
    updatedAt: Timestamp(),
    wizardStatus: ref('WizardStatus', WizardStatus),
  },
  closed,
);

/** The body of a step save: stepData, and keys a client echoes that the service keeps aside. */
export const StepSave = Type.Object({ stepData: ref('StepData', StepData) });

export const Recommendation = Type.Object(
  {
    id: Type.String({ description: 'A catalog id: a method (step 2), an instrument (step 3) or a next step (step 4).' }),
    name: Type.String(),
    description: Type.String(),
    priority: oneOf(PRIORITIES),
    rationale: Type.String(),
    tags: Type.Array(Type.String()),
    icon: Type.String({ description: ICON }),
    matchedOn: Type.Array(Type.Object({ kind: oneOf(MATCH_KINDS), value: Type.String() }, closed)),
  },
  closed,
);

export const Recommendations = Type.Object(
  {
    forStep: Type.Integer({ minimum: 2, maximum: 4 }),
    recommendations: Type.Array(ref('Recommendation', Recommendation), {
      description: 'Recommended first, then by name; [] when nothing matches.',
    }),
  },
  closed,
);

export const CatalogItem = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  rationale: Type.String(),
  tags: Type.Array(Type.String()),
  icon: Type.String({ description: ICON }),
});

export const CatalogOption = Type.Object({ value: Type.String(), label: Type.String(), description: Type.String() });

const Goal = Type.Object({ name: Type.String(), description: Type.String() });
const GoalCategory = Type.Object({ id: Type.String(), name: Type.String(), description: Type.String(), goals: Type.Array(Goal) });
const Options = Type.Array(ref('CatalogOption', CatalogOption));

export const Catalog = Type.Object(
  {
    goalCategories: Type.Array(GoalCategory),
    participants: Options,
    developmentStages: Options,
    accessibility: Options,
    time: Options,
    extraConstraints: Options,
    methods: Type.Array(Type.Intersect([ref('CatalogItem', CatalogItem), Type.Object({ kind: Type.String() })])),
    instruments: Type.Array(
      Type.Intersect([ref('CatalogItem', CatalogItem), Type.Object({ category: Type.String(), methods: Type.Array(Type.String()) })]),
    ),
    nextSteps: Type.Array(ref('CatalogItem', CatalogItem)),
  },
  { description: 'What a client needs to build the wizard (beyond the contract).' },
);

// ---------------------------------------------------------------- PDFs

export const EmailResult = Type.Object(
  {
    requested: Type.Boolean(),
    to: Type.String(),
    provider: Type.String({ description: '"smtp", or "noop" without SMTP_URL.' }),
    sent: Type.Boolean({
      description: 'False with the no-op provider, for a refused or failed delivery, and when a limit held the e-mail back.',
    }),
    messageId: Type.String({ description: 'Empty when nothing was sent.' }),
    reason: Type.Optional(
      Type.Object(
        {
          code: oneOf(MAIL_HELD_BACK),
          message: Type.String({ description: 'What was limited, and how long to wait, for people.' }),
          retryAfterSeconds: Type.Integer({ minimum: 1, description: 'When a new request may send the e-mail.' }),
        },
        {
          ...closed,
          description:
            'Only when the e-mail was held back by a limit (per recipient, per client address, per session or user): the PDF was still made, nothing was sent. Absent with the no-op provider.',
          examples: [
            {
              code: 'RATE_LIMITED',
              message: 'The plan was not e-mailed: too many plans have been sent to this address. Please wait 42 minutes and try again.',
              retryAfterSeconds: 2483,
            },
          ],
        },
      ),
    ),
  },
  closed,
);

export const PdfResult = Type.Object(
  {
    pdfUrl: Type.String({ format: 'uri', description: '${PUBLIC_BASE_URL}/files/pdfs/{sessions|projects}/<id>/<unix-nanos>.pdf' }),
    email: nullable(ref('EmailResult', EmailResult), 'null without notifyEmail.'),
  },
  closed,
);

export const StoredPdf = Type.Object(
  {
    pdfUrl: Type.String({ format: 'uri', description: 'The public URL, as generate-pdf answered it.' }),
    createdAt: Timestamp('When it was rendered.'),
    size: Type.Integer({ minimum: 0, description: 'Bytes.' }),
  },
  closed,
);

export const PdfHistory = Type.Object({ pdfs: Type.Array(ref('StoredPdf', StoredPdf), { description: 'Newest first.' }) }, closed);

// ---------------------------------------------------------------- the plan

const MinutesRange = nullable(
  Type.Object(
    {
      low: Type.Number({ minimum: 0 }),
      high: Type.Number({ minimum: 0 }),
      estimate: Type.Boolean({
        description: 'A rule-of-thumb figure (about 10-15 s per item, a practitioner convention), not one a source states.',
      }),
      note: Type.String({ description: 'Where the figure comes from, or why it is only an estimate.' }),
    },
    closed,
  ),
  'Minutes; null where nothing is known.',
);

export const PlanItem = Type.Object(
  {
    id: Type.String({ description: 'The catalog id ("sus"); "" for an entry the catalog does not know, whose facts are then empty.' }),
    name: Type.String(),
    kind: Type.String({ description: 'A method\'s kind ("qualitative") or an instrument\'s category ("questionnaire").' }),
    description: Type.String(),
    priority: Type.String({
      description: '"Recommended" or "Engagement" when the rules suggest it for this plan, "" when the person chose it anyway.',
    }),
    priorityLabel: Type.String({
      description: 'The priority in words: "Recommended" or "Suggested for engagement" ("" with no priority).',
    }),
    rationale: Type.String(),
    goals: Type.Array(Type.String(), { description: "Which of the plan's goals it measures." }),
    items: Type.Array(
      Type.Object(
        {
          version: Type.String({ description: '"" for the instrument itself, else the version ("UEQ-S").' }),
          count: Type.Integer({ minimum: 0 }),
          detail: Type.String({ description: 'Words where a bare count would mislead; "" otherwise.' }),
        },
        closed,
      ),
      { description: 'Instruments: items per version.' },
    ),
    responseFormat: Type.String({ description: 'Instruments: "5-point Likert scale".' }),
    minutes: MinutesRange,
    constructs: Type.Array(Type.String(), { description: 'Instruments: what it measures.' }),
    licence: Type.String({ description: 'Instruments: the terms of use, in short.' }),
    participantGuidance: Type.String({ description: 'Methods: how many participants and sessions to plan.' }),
    cites: Type.Array(Type.String(), { description: 'In-text citations ("Brooke, 1996"), each one of the plan\'s references.' }),
  },
  { ...closed, description: 'A method or instrument of the plan, with what the catalog confirms about it.' },
);

const PlanReference = Type.Object(
  {
    key: Type.String(),
    citation: Type.String({ description: 'The in-text citation items point at ("Brooke, 1996").' }),
    text: Type.String({ description: 'The APA 7 reference-list entry as plain text.' }),
    runs: Type.Array(Type.Object({ text: Type.String(), italic: Type.Boolean() }, closed), {
      description: 'The same entry in runs, the parts APA sets in italics marked.',
    }),
    doiUrl: Type.String({ description: 'https://doi.org/... where the source has a confirmed DOI, else "".' }),
  },
  closed,
);

const BudgetLine = Type.Object(
  {
    name: Type.String(),
    kind: Type.String({ description: '"method" or "instrument".' }),
    participantMinutes: MinutesRange,
    researcherHoursLow: Type.Number({ minimum: 0 }),
    researcherHoursHigh: Type.Number({ minimum: 0 }),
    basis: Type.String({ description: 'How the researcher hours are counted ("one moderated session per participant").' }),
  },
  closed,
);

export const PlanDocument = Type.Object(
  {
    title: Type.String({ description: 'The project\'s name, else step 1\'s projectName, else "Evaluation plan".' }),
    description: Type.String({ description: 'The project\'s description ("" for sessions).' }),
    evaluationGoals: Type.Array(Type.String()),
    goalsByCategory: Type.Array(Type.Object({ category: Type.String(), goals: Type.Array(Type.String()) }, closed), {
      description: 'In the catalog\'s order of categories; "Other goals" for goals it does not know.',
    }),
    projectType: Type.String(),
    participants: Type.String(),
    developmentStage: Type.String(),
    accessibility: Type.String(),
    timeConstraint: Type.String(),
    extraConstraints: Type.Array(Type.String()),
    researchEnabled: Type.Boolean(),
    researchObjective: Type.String(),
    researchQuestions: Type.Array(Type.String()),
    hypotheses: Type.Array(Type.String()),
    selectedMethods: Type.Array(ref('PlanItem', PlanItem)),
    selectedInstruments: Type.Array(ref('PlanItem', PlanItem)),
    customConstructs: Type.Array(
      Type.Object({ name: Type.String(), description: Type.String(), goals: Type.Array(Type.String()) }, closed),
    ),
    coverage: Type.Object(
      {
        columns: Type.Array(
          Type.Object(
            { kind: Type.String({ description: '"method", "instrument" or "construct".' }), id: Type.String(), name: Type.String() },
            closed,
          ),
          {
            description: 'The selected methods, instruments and custom constructs.',
          },
        ),
        rows: Type.Array(
          Type.Object(
            {
              goal: Type.String(),
              measuredBy: Type.Array(Type.Boolean(), { description: "One per column, in the columns' order." }),
              covered: Type.Boolean(),
              suggestions: Type.Array(Type.String(), {
                description: 'For a goal nothing selected measures: catalog instruments that would.',
              }),
            },
            closed,
          ),
          { description: 'One per goal.' },
        ),
        uncoveredGoals: Type.Array(Type.String()),
      },
      { ...closed, description: 'Which selected method, instrument or construct measures which goal.' },
    ),
    timeBudget: Type.Object(
      {
        lines: Type.Array(BudgetLine),
        minutesPerParticipant: MinutesRange,
        participantsLow: Type.Integer({ minimum: 0 }),
        participantsHigh: Type.Integer({ minimum: 0 }),
        participantHoursLow: Type.Number({ minimum: 0 }),
        participantHoursHigh: Type.Number({ minimum: 0 }),
        researcherHoursLow: Type.Number({ minimum: 0 }),
        researcherHoursHigh: Type.Number({ minimum: 0 }),
        availableHours: Type.Number({ minimum: 0, description: 'Researcher hours the time available allows (0 when no time was given).' }),
        fits: Type.Boolean({ description: 'False when a warning says the plan may not fit.' }),
        warnings: Type.Array(Type.String()),
        assumptions: Type.Array(Type.String()),
      },
      {
        ...closed,
        description:
          'Minutes per participant, participant-hours and researcher hours for the participant range, against the time available.',
      },
    ),
    checklist: nullable(
      Type.Object(
        {
          reasons: Type.Array(Type.String(), { description: 'Why the plan has one ("research is enabled").' }),
          items: Type.Array(Type.Object({ topic: Type.String(), question: Type.String() }, closed)),
          disclaimer: Type.String(),
        },
        closed,
      ),
      'The ethics and data protection checklist; null unless research is enabled or a sensitive population is selected. Not legal advice.',
    ),
    references: Type.Array(PlanReference, { description: 'Every source the plan cites, deduplicated and sorted as APA 7 sorts them.' }),
    priorityLegend: Type.String({ description: 'What the priority labels mean.' }),
    nextSteps: Type.Array(Type.String()),
    notes: Type.String(),
  },
  { ...closed, description: 'The plan as every rendering (PDF, Markdown, DOCX) prints it, from the saved steps and the catalog.' },
);

export const PlanResult = Type.Object({ plan: ref('PlanDocument', PlanDocument) }, closed);

/** Every answer's schema by its name in the document (components.schemas). */
export const RESPONSE_SCHEMAS = {
  ErrorEnvelope,
  User,
  AuthResult,
  Status,
  SignInSession,
  SignInSessionList,
  LogoutAllResult,
  AccountExport,
  ReadyStatus,
  Message,
  Accepted,
  StepData,
  WizardStatus,
  Session,
  Project,
  ProjectList,
  SessionStepResult,
  ProjectStepResult,
  StepSave,
  Recommendation,
  Recommendations,
  CatalogItem,
  CatalogOption,
  Catalog,
  EmailResult,
  PdfResult,
  StoredPdf,
  PdfHistory,
  PlanItem,
  PlanDocument,
  PlanResult,
} satisfies Record<string, TSchema>;

export type ResponseName = keyof typeof RESPONSE_SCHEMAS;
/** The answer named `N`, as the code building it must return it. */
export type Answer<N extends ResponseName> = Static<(typeof RESPONSE_SCHEMAS)[N]>;
