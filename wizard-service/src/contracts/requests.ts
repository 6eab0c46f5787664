import { CharacterJoi, Joi, MAX_BYTES } from '@evalplan/common/input';

/**
 * wizard-service's request bodies, written once: each field's type, limits
 * and description. The service validates with these schemas (domain/, with
 * its own error codes and messages), and the gateway's OpenAPI document is
 * generated from them, so what the document says is what the service
 * enforces (test/request-limits.test.ts sends the boundaries).
 */

export const NAME_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const MAX_TEXT_LENGTH = 2000;
export const MAX_LIST_ITEMS = 100;
/** One step's data, JSON-encoded, in UTF-8 bytes (domain/step-data.ts refuses more). */
export const MAX_STEP_DATA_BYTES = 64 * 1024;

// Lengths are characters (code points): 200 emoji are as welcome as 200 letters.
const projectName = CharacterJoi.string()
  .trim()
  .minChars(1)
  .maxChars(NAME_MAX_LENGTH)
  .description(`Trimmed; 1 to ${NAME_MAX_LENGTH} characters and not only spaces (else INVALID_PROJECT_NAME).`);
const projectDescription = CharacterJoi.string().maxChars(DESCRIPTION_MAX_LENGTH).allow('').description('Free text; "" when absent.');

/** POST /projects and the conversion of a session: a name, and optionally a description. */
export const PROJECT_CREATE = Joi.object({ name: projectName.required(), description: projectDescription.default('') })
  .required()
  .description('Unknown fields are refused (INVALID_INPUT).');

/** PATCH /projects/{id}: a new name, a new description, or both. */
export const PROJECT_UPDATE = Joi.object({ name: projectName, description: projectDescription })
  .or('name', 'description')
  .required()
  .description('One or both fields; unknown fields are refused (INVALID_INPUT).');

// Values are never restricted to a fixed vocabulary: older clients and the
// contract's examples send other words, and they are stored as sent.
const text = CharacterJoi.string().maxChars(MAX_TEXT_LENGTH).allow('');
const nonBlankText = CharacterJoi.string().maxChars(MAX_TEXT_LENGTH).pattern(/\S/, 'non-blank');
const textList = Joi.array().items(text).max(MAX_LIST_ITEMS);
const nonBlankList = Joi.array().items(nonBlankText.required()).min(1).max(MAX_LIST_ITEMS);

const STEP_DATA_SIZE = { [MAX_BYTES]: MAX_STEP_DATA_BYTES };

/** Each step's data. Unknown keys are kept: clients echo back what they loaded. */
export const STEP_DATA = {
  1: Joi.object({
    evaluationGoals: nonBlankList.required().description('Goal names from the catalog, or the client’s own words.'),
    participants: nonBlankText.required().description('How many people take part, e.g. "10-30".'),
    developmentStage: nonBlankText.required(),
    projectType: text,
    projectName: text,
    accessibility: text,
    time: text,
    extraConstraints: textList,
    researchEnabled: Joi.boolean(),
    researchObjective: text,
    // The web client sends empty entries while the person is still typing.
    researchQuestions: textList.description('Empty entries are kept: the web client sends them while the person types.'),
    hypotheses: textList,
  })
    .unknown(true)
    .meta(STEP_DATA_SIZE)
    .description('Step 1, goals and context.'),
  2: Joi.object({ selectedMethods: nonBlankList.required().description('Method names from the catalog, or other words.') })
    .unknown(true)
    .meta(STEP_DATA_SIZE)
    .description('Step 2, methods.'),
  3: Joi.object({
    selectedInstruments: nonBlankList.required().description('Instrument names from the catalog, or other words.'),
    customConstructs: Joi.array()
      .items(Joi.object({ name: nonBlankText.required(), description: text, goals: textList }).unknown(true))
      .max(MAX_LIST_ITEMS)
      .description('Constructs the catalog does not name, each with the goals it measures.'),
  })
    .unknown(true)
    .meta(STEP_DATA_SIZE)
    .description('Step 3, instruments.'),
  4: Joi.object({ nextSteps: nonBlankList.required(), notes: text })
    .unknown(true)
    .meta(STEP_DATA_SIZE)
    .description('Step 4, next steps and notes.'),
} as const;

/** The body of a step save: the step's data; other keys are ignored. */
export const STEP_SAVE = Joi.object({
  stepData: Joi.object().required().messages({ 'object.base': 'stepData must be an object' }),
}).unknown(true);

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 100;
/** Far beyond any real list; keeps the value inside PostgreSQL's and protobuf's integers. */
export const PAGE_VALUE_MAX = 1_000_000_000;
const pageValue = Joi.number().integer().min(0).max(PAGE_VALUE_MAX);

/** GET /projects?limit=&offset=: whole numbers (else INVALID_PAGINATION naming the parameter). */
export const PAGE_QUERY = {
  limit: pageValue.default(PAGE_SIZE_DEFAULT).description(`Default ${PAGE_SIZE_DEFAULT}; above ${PAGE_SIZE_MAX} becomes ${PAGE_SIZE_MAX}.`),
  offset: pageValue.default(0).description('Zero-based row offset.'),
} as const;

export const STEP_NUMBER_MIN = 1;
export const STEP_NUMBER_MAX = 4;
/** The step number in a step save's path. */
export const STEP_NUMBER = Joi.number()
  .integer()
  .min(STEP_NUMBER_MIN)
  .max(STEP_NUMBER_MAX)
  .description('Exactly 1, 2, 3 or 4 (else INVALID_STEP_NUMBER, also for 01 or 1.5).');

/** POST .../recommendations: which step to recommend for (another whole number is INVALID_RECOMMENDATION_STEP). */
export const RECOMMENDATION_QUERY = Joi.object({
  forStep: Joi.number().integer().min(2).max(4).required().description('2, 3 or 4; another whole number: INVALID_RECOMMENDATION_STEP.'),
})
  .unknown(true)
  .required();
