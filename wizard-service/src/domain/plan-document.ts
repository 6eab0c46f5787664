import type { types } from '@evalplan/protos';
import type { Catalog, CatalogItem } from '../catalog/catalog';
import { IdResolver, type RecommendationEngine } from './recommendations';
import type { Steps } from './wizard-status';

export const SESSION_TITLE = 'Evaluation plan';
const OTHER_GOALS = 'Other goals';

/** The plan document as wizard-service builds it: the contract's message, every field set. */
export type PlanDocument = types.PlanDocument__Output;
type PlanItem = types.PlanItem__Output;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
/** Non-blank strings of a list, trimmed (the web client sends [""] for "no hypotheses"). */
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.map(text).filter((entry) => entry !== '') : []);
const fold = (value: string) => value.toLowerCase();

/** Turns saved steps into the plan document, with catalog descriptions and rule-based priorities. */
export class PlanDocumentBuilder {
  private readonly methods: IdResolver;
  private readonly instruments: IdResolver;
  private readonly methodsById: Map<string, CatalogItem>;
  private readonly instrumentsById: Map<string, CatalogItem>;
  private readonly categoryOfGoal = new Map<string, { category: string; goal: string }>();

  constructor(
    private readonly catalog: Catalog,
    private readonly engine: RecommendationEngine,
  ) {
    this.methods = new IdResolver(catalog.methods);
    this.instruments = new IdResolver(catalog.instruments);
    this.methodsById = new Map(catalog.methods.map((item) => [item.id, item]));
    this.instrumentsById = new Map(catalog.instruments.map((item) => [item.id, item]));
    for (const category of catalog.goalCategories) {
      for (const goal of category.goals) this.categoryOfGoal.set(fold(goal.name), { category: category.name, goal: goal.name });
    }
  }

  build(steps: Steps, project: { name: string; description: string } | undefined): PlanDocument {
    const setup = steps['1'] ?? {};
    const constructs = this.customConstructs(steps['3']?.customConstructs);
    const constructNames = new Set(constructs.map((construct) => fold(construct.name)));
    const goals = texts(setup.evaluationGoals);
    return {
      title: project?.name || text(setup.projectName) || SESSION_TITLE,
      evaluationGoals: goals,
      projectType: text(setup.projectType),
      participants: text(setup.participants),
      developmentStage: text(setup.developmentStage),
      accessibility: text(setup.accessibility),
      timeConstraint: text(setup.time),
      extraConstraints: texts(setup.extraConstraints),
      researchEnabled: setup.researchEnabled === true,
      researchObjective: text(setup.researchObjective),
      researchQuestions: texts(setup.researchQuestions),
      hypotheses: texts(setup.hypotheses),
      selectedMethods: this.items(texts(steps['2']?.selectedMethods), this.methods, this.methodsById, this.priorities(steps, 2)),
      selectedInstruments: this.items(
        // Custom constructs are listed among the instruments by name; they get their own section.
        texts(steps['3']?.selectedInstruments).filter((name) => !constructNames.has(fold(name))),
        this.instruments,
        this.instrumentsById,
        this.priorities(steps, 3),
      ),
      nextSteps: texts(steps['4']?.nextSteps),
      notes: text(steps['4']?.notes),
      description: project?.description.trim() ?? '',
      goalsByCategory: this.groupGoals(goals),
      customConstructs: constructs,
    };
  }

  /** Priority per catalog id, from the same rules that drive the wizard's recommendations. */
  private priorities(steps: Steps, forStep: 2 | 3): Map<string, string> {
    return new Map(this.engine.recommend(steps, forStep).map((item) => [item.id, item.priority]));
  }

  private items(selected: string[], resolver: IdResolver, byId: Map<string, CatalogItem>, priorities: Map<string, string>): PlanItem[] {
    const seen = new Set<string>();
    const items: PlanItem[] = [];
    for (const entry of selected) {
      const id = resolver.resolve(entry);
      if (seen.has(id)) continue;
      seen.add(id);
      const known = byId.get(id);
      items.push({
        name: known?.name ?? entry,
        description: known?.description ?? '',
        priority: priorities.get(id) ?? '',
        rationale: known?.rationale ?? '',
      });
    }
    return items;
  }

  /** Goals in catalog order of their categories; goals we do not know are kept under "Other goals". */
  private groupGoals(goals: string[]): PlanDocument['goalsByCategory'] {
    const byCategory = new Map<string, string[]>(this.catalog.goalCategories.map((category) => [category.name, []]));
    const other: string[] = [];
    for (const goal of goals) {
      const known = this.categoryOfGoal.get(fold(goal));
      if (known) byCategory.get(known.category)!.push(known.goal);
      else other.push(goal);
    }
    const groups = [...byCategory].filter(([, list]) => list.length > 0).map(([category, list]) => ({ category, goals: list }));
    return other.length > 0 ? [...groups, { category: OTHER_GOALS, goals: other }] : groups;
  }

  private customConstructs(value: unknown): PlanDocument['customConstructs'] {
    if (!Array.isArray(value)) return [];
    return value
      .filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null && !Array.isArray(entry))
      .map((entry) => ({ name: text(entry.name), description: text(entry.description), goals: texts(entry.goals) }))
      .filter((construct) => construct.name !== '');
  }
}
