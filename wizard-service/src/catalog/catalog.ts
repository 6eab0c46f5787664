import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Joi } from '@evalplan/common/input';
import { CLIENT_ICON_NAMES } from './client-icons';

/** One recommendable thing: a method (step 2), an instrument (step 3) or a next step (step 4). */
export interface CatalogItem {
  id: string;
  name: string;
  description: string;
  rationale: string;
  tags: string[];
  icon: string;
}

export interface Option {
  value: string;
  label: string;
  description: string;
}

/**
 * A source, structured so the plan can print it in APA 7 style
 * (domain/references.ts). Only confirmed parts are given
 * (../shared/domain/instruments.md).
 */
export interface Citation {
  /** How instruments and methods refer to it: "brooke-1996". */
  key: string;
  type: 'article' | 'chapter' | 'paper' | 'book' | 'report' | 'presentation' | 'webpage';
  /** In reference-list form: "Brooke, J.", or a group author ("Nielsen Norman Group"). */
  authors: string[];
  /** "1996", or "n.d." when the source has no date. */
  year: string;
  title: string;
  /** Editors of the book a chapter is in, initials first: "P. W. Jordan". */
  editors?: string[];
  /** The journal, the edited book or the proceedings. */
  container?: string;
  /** A series and its volume, or a report number: "LNCS Vol. 5298", "IBM Research Report RC 9265". */
  series?: string;
  /** "2nd ed.", "Rev. ed.". */
  edition?: string;
  volume?: string;
  issue?: string;
  /** "2099–2102", with an en dash. */
  pages?: string;
  /** "Article 244". */
  article?: string;
  publisher?: string;
  /** Without the resolver: "10.1145/2470654.2481287". Only confirmed DOIs. */
  doi?: string;
  url?: string;
  /** A bracketed description after the title: "Conference presentation". */
  medium?: string;
  /** Where a presentation was given: "UPA 2004 Conference". */
  event?: string;
}

/** Minutes, low to high; `estimate` for a rule-of-thumb figure. */
export interface Minutes {
  low: number;
  high: number;
  estimate: boolean;
  /** Where it comes from or why it is an estimate. */
  note?: string;
}

/** Facts about an instrument that a plan prints; what the sources do not confirm is named in `unconfirmed` and left out. */
export interface InstrumentFacts {
  /** Items per version; the first is the version the time budget counts. */
  items?: Array<{ version?: string; count: number; detail?: string }>;
  responseFormat?: string;
  minutes?: Minutes;
  constructs: string[];
  /** The catalog's goal names this instrument measures. */
  goals: string[];
  /** Keys of `references`: its primary source first. */
  cites: string[];
  licence?: string;
  /** Facts left out because no source confirms them: "items", "responseFormat", "minutes", "licence". */
  unconfirmed?: Array<'items' | 'responseFormat' | 'minutes' | 'licence'>;
}

/** How a method's researcher time grows with the participants. */
export type ResearcherTime = 'per-participant' | 'per-group' | 'per-evaluator' | 'none';

export interface MethodFacts {
  /** One session (a participant's, a group's or an evaluator's). */
  sessionMinutes: Minutes;
  participantGuidance: string;
  /** Keys of `references`: the method's source, then the guidance's. */
  cites: string[];
  /** Goals the method measures by itself ([] for surveys: their questionnaires measure). */
  goals: string[];
  researcherTime: ResearcherTime;
  /** Participants per session, for 'per-group'. */
  groupSize?: { low: number; high: number };
  /** Calendar days the method spans (a diary study). */
  spanDays?: { low: number; high: number };
}

export interface Catalog {
  goalCategories: Array<{ id: string; name: string; description: string; goals: Array<{ name: string; description: string }> }>;
  participants: Option[];
  developmentStages: Option[];
  accessibility: Option[];
  time: Option[];
  extraConstraints: Option[];
  methods: Array<CatalogItem & { kind: string; facts: MethodFacts }>;
  instruments: Array<CatalogItem & { category: string; methods: string[]; facts: InstrumentFacts }>;
  nextSteps: CatalogItem[];
  /** Every source methods and instruments cite. */
  references: Citation[];
}

export type Priority = 'Recommended' | 'Engagement';

/** Conditions of a rule; all given ones must hold (see recommendation-rules.json). */
export interface RuleConditions {
  goals?: string[];
  methods?: string[];
  instruments?: string[];
  participants?: string[];
  developmentStage?: string[];
  time?: string[];
  accessibility?: string[];
  extraConstraints?: string[];
  researchEnabled?: boolean;
}

export interface Rule {
  forStep: 2 | 3 | 4;
  when: RuleConditions;
  recommend: Array<{ id: string; priority: Priority }>;
}

const text = Joi.string().min(1).max(400).required();
const option = Joi.object({ value: text, label: text, description: text });
const item = {
  id: Joi.string()
    .pattern(/^[a-z0-9-]+$/)
    .required(),
  name: text,
  description: text,
  rationale: text,
  tags: Joi.array().items(text).min(1).required(),
  // A name the web client cannot draw shows as an empty box: refuse the catalog at start instead.
  icon: Joi.string()
    .valid(...CLIENT_ICON_NAMES)
    .required(),
};

const optionalText = Joi.string().min(1).max(400);
const referenceKey = Joi.string().pattern(/^[a-z0-9-]+$/);

/** Low to high, both at least 0. */
const minutes = Joi.object({
  low: Joi.number().min(0).required(),
  high: Joi.number().min(Joi.ref('low')).required(),
  estimate: Joi.boolean().required(),
  note: optionalText,
});
/** Whole numbers, at least 1, low to high. */
const countRange = Joi.object({
  low: Joi.number().integer().min(1).required(),
  high: Joi.number().integer().min(Joi.ref('low')).required(),
});

/** The facts a questionnaire must give, or name in `unconfirmed` when no source confirms them. */
const CONFIRMABLE = ['items', 'responseFormat', 'minutes', 'licence'] as const;
const confirmable: Record<(typeof CONFIRMABLE)[number], Joi.Schema> = {
  items: Joi.array()
    .items(Joi.object({ version: optionalText, count: Joi.number().integer().min(1).required(), detail: optionalText }))
    .min(1),
  responseFormat: optionalText,
  minutes,
  licence: optionalText,
};
const instrumentFacts = {
  ...confirmable,
  constructs: Joi.array().items(optionalText).min(1).required(),
  goals: Joi.array().items(optionalText).required(),
  cites: Joi.array().items(referenceKey).min(1).required(),
  unconfirmed: Joi.array()
    .items(Joi.string().valid(...CONFIRMABLE))
    .min(1)
    .unique(),
};
/** A questionnaire gives each confirmable fact unless `unconfirmed` names it, and never one it names. */
const questionnaireFacts = Joi.object({
  ...instrumentFacts,
  ...Object.fromEntries(
    CONFIRMABLE.map((field) => [
      field,
      Joi.when('unconfirmed', {
        is: Joi.array().has(field).required(),
        then: Joi.forbidden().messages({ 'any.unknown': `{{#label}} is given although "unconfirmed" lists "${field}"` }),
        otherwise: confirmable[field]
          .required()
          .messages({ 'any.required': `{{#label}} is required unless "unconfirmed" lists "${field}"` }),
      }),
    ]),
  ),
});

const methodFacts = Joi.object({
  sessionMinutes: minutes.required(),
  participantGuidance: Joi.string().min(1).max(600).required(),
  cites: Joi.array().items(referenceKey).required(),
  goals: Joi.array().items(optionalText).required(),
  researcherTime: Joi.string().valid('per-participant', 'per-group', 'per-evaluator', 'none').required(),
  groupSize: Joi.when('researcherTime', {
    is: 'per-group',
    then: countRange.required(),
    otherwise: Joi.forbidden().messages({ 'any.unknown': '{{#label}} is only for researcherTime "per-group"' }),
  }),
  spanDays: countRange,
});

const CITATION_TYPES = ['article', 'chapter', 'paper', 'book', 'report', 'presentation', 'webpage'] as const;
const citation = Joi.object({
  key: referenceKey.required(),
  type: Joi.string()
    .valid(...CITATION_TYPES)
    .required(),
  authors: Joi.array().items(optionalText).min(1).required(),
  year: Joi.string()
    .pattern(/^(\d{4}[a-z]?|n\.d\.)$/)
    .required(),
  title: text,
  editors: Joi.array().items(optionalText).min(1),
  container: Joi.when('type', { is: Joi.valid('article', 'chapter', 'paper'), then: optionalText.required(), otherwise: optionalText }),
  series: optionalText,
  edition: optionalText,
  volume: optionalText,
  issue: optionalText,
  pages: Joi.string()
    .pattern(/^[A-Za-z]*\d+(–[A-Za-z]*\d+)?$/)
    .messages({ 'string.pattern.base': '{{#label}} must be a page or a range with an en dash ("189–194")' }),
  article: optionalText,
  publisher: optionalText,
  doi: Joi.string()
    .pattern(/^10\.\d{4,}\/\S+$/)
    .messages({ 'string.pattern.base': '{{#label}} must be a bare DOI ("10.1145/…"), without the resolver' }),
  url: Joi.string().uri({ scheme: ['https', 'http'] }),
  medium: optionalText,
  event: optionalText,
});

const catalogSchema = Joi.object<Catalog>({
  goalCategories: Joi.array()
    .items(
      Joi.object({
        id: text,
        name: text,
        description: text,
        goals: Joi.array()
          .items(Joi.object({ name: text, description: text }))
          .min(1)
          .required(),
      }),
    )
    .min(1)
    .required(),
  participants: Joi.array().items(option).min(1).required(),
  developmentStages: Joi.array().items(option).min(1).required(),
  accessibility: Joi.array().items(option).min(1).required(),
  time: Joi.array().items(option).min(1).required(),
  extraConstraints: Joi.array().items(option).min(1).required(),
  methods: Joi.array()
    .items(Joi.object({ ...item, kind: text, facts: methodFacts.required() }))
    .min(1)
    .required(),
  instruments: Joi.array()
    .items(
      Joi.object({
        ...item,
        category: text,
        methods: Joi.array().items(text).required(),
        facts: Joi.when('category', { is: 'questionnaire', then: questionnaireFacts, otherwise: Joi.object(instrumentFacts) }).required(),
      }),
    )
    .min(1)
    .required(),
  nextSteps: Joi.array().items(Joi.object(item)).min(1).required(),
  references: Joi.array().items(citation).min(1).required(),
});

const values = Joi.array().items(Joi.string().min(1)).min(1);
const rulesSchema = Joi.object({
  $comment: Joi.string(),
  rules: Joi.array()
    .items(
      Joi.object({
        forStep: Joi.number().valid(2, 3, 4).required(),
        when: Joi.object({
          goals: values,
          methods: values,
          instruments: values,
          participants: values,
          developmentStage: values,
          time: values,
          accessibility: values,
          extraConstraints: values,
          researchEnabled: Joi.boolean(),
        })
          .min(1)
          .required(),
        recommend: Joi.array()
          .items(Joi.object({ id: Joi.string().required(), priority: Joi.string().valid('Recommended', 'Engagement').required() }))
          .min(1)
          .required(),
      }),
    )
    .min(1)
    .required(),
});

export class CatalogError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'CatalogError';
  }
}

function parse<T>(file: string, schema: Joi.Schema<T>): T {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CatalogError(file, `cannot be read as JSON (${(error as Error).message})`);
  }
  const { error, value } = schema.validate(raw, { abortEarly: true, convert: false });
  if (error) throw new CatalogError(file, `${error.message}${whose(raw, error.details[0]?.path ?? [])}`);
  return value;
}

const SINGULAR: Record<string, string> = { methods: 'method', instruments: 'instrument', nextSteps: 'next step', references: 'reference' };

/** Names the catalog item a schema error is in (`(instrument "sus")`), since a path only has its index. */
function whose(raw: unknown, [list, index]: Array<string | number>): string {
  const kind = typeof list === 'string' ? SINGULAR[list] : undefined;
  const entry = kind && typeof index === 'number' ? (raw as Record<string, unknown[]>)[list as string]?.[index] : undefined;
  const name = (entry as { id?: unknown; key?: unknown } | undefined)?.[kind === 'reference' ? 'key' : 'id'];
  return typeof name === 'string' ? ` (${kind} "${name}")` : '';
}

/**
 * Every id a rule refers to must exist in the catalog, in the list its step recommends from;
 * every source a method or instrument cites must be in `references`, under a key used once,
 * and every goal its facts name must be a goal of the catalog.
 */
function checkReferences(file: string, catalogFile: string, catalog: Catalog, rules: Rule[]): void {
  const ids = (items: Array<{ id: string }>) => new Set(items.map((i) => i.id));
  const targets = { 2: ids(catalog.methods), 3: ids(catalog.instruments), 4: ids(catalog.nextSteps) };
  const known: Record<string, Set<string>> = {
    goals: new Set(catalog.goalCategories.flatMap((c) => c.goals.map((g) => g.name))),
    methods: targets[2],
    instruments: targets[3],
  };
  rules.forEach((rule, index) => {
    for (const { id } of rule.recommend) {
      if (!targets[rule.forStep].has(id))
        throw new CatalogError(file, `rule ${index + 1} (step ${rule.forStep}) recommends unknown id "${id}"`);
    }
    for (const [kind, names] of Object.entries(known)) {
      for (const value of (rule.when as Record<string, string[] | undefined>)[kind] ?? []) {
        if (!names.has(value)) throw new CatalogError(file, `rule ${index + 1} has an unknown ${kind} value "${value}"`);
      }
    }
  });
  for (const instrument of catalog.instruments) {
    for (const method of instrument.methods) {
      if (!targets[2].has(method)) throw new CatalogError(catalogFile, `instrument "${instrument.id}" names unknown method "${method}"`);
    }
  }
  const sources = new Set<string>();
  for (const { key } of catalog.references) {
    if (sources.has(key)) throw new CatalogError(catalogFile, `reference key "${key}" is used more than once`);
    sources.add(key);
  }
  const withFacts = [
    ...catalog.methods.map((method) => ({ what: `method "${method.id}"`, facts: method.facts })),
    ...catalog.instruments.map((instrument) => ({ what: `instrument "${instrument.id}"`, facts: instrument.facts })),
  ];
  for (const { what, facts } of withFacts) {
    for (const key of facts.cites) {
      if (!sources.has(key)) throw new CatalogError(catalogFile, `${what} cites unknown reference "${key}"`);
    }
    for (const goal of facts.goals) {
      if (!known.goals!.has(goal)) throw new CatalogError(catalogFile, `${what} names unknown goal "${goal}" in its facts`);
    }
  }
}

export interface CatalogData {
  catalog: Catalog;
  rules: Rule[];
}

export const CATALOG_DIR = path.resolve(__dirname, '..', '..', 'catalog');

/** Reads and checks the catalog and the rules once, at start; a mistake stops the service with the file and the problem. */
export function loadCatalog(directory = CATALOG_DIR): CatalogData {
  const catalogFile = path.join(directory, 'catalog.json');
  const rulesFile = path.join(directory, 'recommendation-rules.json');
  const catalog = parse(catalogFile, catalogSchema);
  const { rules } = parse(rulesFile, rulesSchema) as { rules: Rule[] };
  checkReferences(rulesFile, catalogFile, catalog, rules);
  return { catalog, rules };
}
