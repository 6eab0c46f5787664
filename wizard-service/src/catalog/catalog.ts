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

export interface Catalog {
  goalCategories: Array<{ id: string; name: string; description: string; goals: Array<{ name: string; description: string }> }>;
  participants: Option[];
  developmentStages: Option[];
  accessibility: Option[];
  time: Option[];
  extraConstraints: Option[];
  methods: Array<CatalogItem & { kind: string }>;
  instruments: Array<CatalogItem & { category: string; methods: string[] }>;
  nextSteps: CatalogItem[];
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
    .items(Joi.object({ ...item, kind: text }))
    .min(1)
    .required(),
  instruments: Joi.array()
    .items(Joi.object({ ...item, category: text, methods: Joi.array().items(text).required() }))
    .min(1)
    .required(),
  nextSteps: Joi.array().items(Joi.object(item)).min(1).required(),
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
  if (error) throw new CatalogError(file, error.message);
  return value;
}

/** Every id a rule refers to must exist in the catalog, in the list its step recommends from. */
function checkReferences(file: string, catalog: Catalog, rules: Rule[]): void {
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
      if (!targets[2].has(method)) throw new CatalogError(file, `instrument "${instrument.id}" names unknown method "${method}"`);
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
  checkReferences(rulesFile, catalog, rules);
  return { catalog, rules };
}
