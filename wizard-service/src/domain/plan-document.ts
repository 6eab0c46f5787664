import type { PlanDocument, PlanItem } from '@evalplan/common';
import type { Catalog, CatalogItem } from '../catalog';
import { IdResolver, type RecommendationEngine } from './recommendations';
import type { Steps } from './wizard-status';

export const SESSION_TITLE = 'Evaluation plan';
const OTHER_GOALS = 'Other goals';

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
    const constructNames = new Set(constructs.map((construct) => fold(construct.Name)));
    const goals = texts(setup.evaluationGoals);
    return {
      Title: project?.name || text(setup.projectName) || SESSION_TITLE,
      EvaluationGoals: goals,
      ProjectType: text(setup.projectType),
      Participants: text(setup.participants),
      DevelopmentStage: text(setup.developmentStage),
      Accessibility: text(setup.accessibility),
      TimeConstraint: text(setup.time),
      ExtraConstraints: texts(setup.extraConstraints),
      ResearchEnabled: setup.researchEnabled === true,
      ResearchObjective: text(setup.researchObjective),
      ResearchQuestions: texts(setup.researchQuestions),
      Hypotheses: texts(setup.hypotheses),
      SelectedMethods: this.items(texts(steps['2']?.selectedMethods), this.methods, this.methodsById, this.priorities(steps, 2)),
      SelectedInstruments: this.items(
        // Custom constructs are listed among the instruments by name; they get their own section.
        texts(steps['3']?.selectedInstruments).filter((name) => !constructNames.has(fold(name))),
        this.instruments,
        this.instrumentsById,
        this.priorities(steps, 3),
      ),
      NextSteps: texts(steps['4']?.nextSteps),
      Notes: text(steps['4']?.notes),
      Description: project?.description.trim() ?? '',
      GoalsByCategory: this.groupGoals(goals),
      CustomConstructs: constructs,
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
        Name: known?.name ?? entry,
        Description: known?.description ?? '',
        Priority: priorities.get(id) ?? '',
        Rationale: known?.rationale ?? '',
      });
    }
    return items;
  }

  /** Goals in catalog order of their categories; goals we do not know are kept under "Other goals". */
  private groupGoals(goals: string[]): PlanDocument['GoalsByCategory'] {
    const byCategory = new Map<string, string[]>(this.catalog.goalCategories.map((category) => [category.name, []]));
    const other: string[] = [];
    for (const goal of goals) {
      const known = this.categoryOfGoal.get(fold(goal));
      if (known) byCategory.get(known.category)!.push(known.goal);
      else other.push(goal);
    }
    const groups = [...byCategory].filter(([, list]) => list.length > 0).map(([Category, list]) => ({ Category, Goals: list }));
    return other.length > 0 ? [...groups, { Category: OTHER_GOALS, Goals: other }] : groups;
  }

  private customConstructs(value: unknown): PlanDocument['CustomConstructs'] {
    if (!Array.isArray(value)) return [];
    return value
      .filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null && !Array.isArray(entry))
      .map((entry) => ({ Name: text(entry.name), Description: text(entry.description), Goals: texts(entry.goals) }))
      .filter((construct) => construct.Name !== '');
  }
}
