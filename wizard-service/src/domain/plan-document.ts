import type { types } from '@evalplan/protos';
import type { Catalog, CatalogItem, InstrumentFacts, MethodFacts } from '../catalog/catalog';
import { ethicsChecklist } from './ethics-checklist';
import { goalCoverage, type Measure } from './goal-coverage';
import { IdResolver, type RecommendationEngine } from './recommendations';
import { ReferenceList } from './references';
import { minutesRange, timeBudget } from './time-budget';
import type { Steps } from './wizard-status';

export const SESSION_TITLE = 'Evaluation plan';
const OTHER_GOALS = 'Other goals';

/** The plan document as wizard-service builds it: the contract's message, every field set. */
export type PlanDocument = types.PlanDocument__Output;
type PlanItem = types.PlanItem__Output;

/** The priority badges in words, and the legend that explains them. */
const PRIORITY_LABELS: Record<string, string> = { Recommended: 'Recommended', Engagement: 'Suggested for engagement' };
export const PRIORITY_LEGEND =
  'Recommended: our rules match it closely to this plan’s goals and context. Suggested for engagement: an optional addition the ' +
  'rules suggest to learn more about how people engage. Items without a label were chosen by you.';

type MethodEntry = CatalogItem & { kind: string; facts?: MethodFacts };
type InstrumentEntry = CatalogItem & { category: string; facts?: InstrumentFacts };
/** A selected method or instrument: its plan item, and the catalog entry behind it when there is one. */
interface Selected<Entry> {
  item: PlanItem;
  known?: Entry;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
/** Non-blank strings of a list, trimmed (the web client sends [""] for "no hypotheses"). */
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.map(text).filter((entry) => entry !== '') : []);
const fold = (value: string) => value.toLowerCase();

/** Turns saved steps into the plan document, with catalog descriptions and rule-based priorities. */
export class PlanDocumentBuilder {
  private readonly methods: IdResolver;
  private readonly instruments: IdResolver;
  private readonly methodsById: Map<string, MethodEntry>;
  private readonly instrumentsById: Map<string, InstrumentEntry>;
  private readonly categoryOfGoal = new Map<string, { category: string; goal: string }>();
  private readonly references: ReferenceList;
  /** Per goal (folded): the catalog instruments that measure it, those the rules recommend for it first. */
  private readonly instrumentsForGoal = new Map<string, string[]>();

  constructor(
    private readonly catalog: Catalog,
    private readonly engine: RecommendationEngine,
  ) {
    this.methods = new IdResolver(catalog.methods);
    this.instruments = new IdResolver(catalog.instruments);
    this.methodsById = new Map(catalog.methods.map((item) => [item.id, item]));
    this.instrumentsById = new Map(catalog.instruments.map((item) => [item.id, item]));
    for (const category of catalog.goalCategories) {
      for (const goal of category.goals) {
        this.categoryOfGoal.set(fold(goal.name), { category: category.name, goal: goal.name });
        this.instrumentsForGoal.set(fold(goal.name), this.rankInstruments(goal.name));
      }
    }
    this.references = new ReferenceList(catalog.references);
  }

  /** Instruments measuring `goal`: first those the rules recommend for it with surveys (Recommended, then Engagement), then the rest in catalog order. */
  private rankInstruments(goal: string): string[] {
    const rank = new Map(
      this.engine
        .recommend({ 1: { evaluationGoals: [goal] }, 2: { selectedMethods: ['surveys'] } }, 3)
        .map((item, index) => [item.id, item.priority === 'Recommended' ? index : 100 + index]),
    );
    return this.catalog.instruments
      .map((instrument, index) => ({ instrument, order: rank.get(instrument.id) ?? 1_000 + index }))
      .filter(({ instrument }) => instrument.facts.goals.includes(goal))
      .sort((a, b) => a.order - b.order)
      .map(({ instrument }) => instrument.name);
  }

  build(steps: Steps, project: { name: string; description: string } | undefined): PlanDocument {
    const setup = steps['1'] ?? {};
    const constructs = this.customConstructs(steps['3']?.customConstructs);
    const constructNames = new Set(constructs.map((construct) => fold(construct.name)));
    const goals = texts(setup.evaluationGoals);
    const planGoals = goals.map((goal) => this.categoryOfGoal.get(fold(goal))?.goal ?? goal);
    const methods = this.select(texts(steps['2']?.selectedMethods), this.methods, this.methodsById, this.priorities(steps, 2), planGoals);
    const instruments = this.select(
      // Custom constructs are listed among the instruments by name; they get their own section.
      texts(steps['3']?.selectedInstruments).filter((name) => !constructNames.has(fold(name))),
      this.instruments,
      this.instrumentsById,
      this.priorities(steps, 3),
      planGoals,
    );
    const participants = text(setup.participants);
    const timeConstraint = text(setup.time);
    const extraConstraints = texts(setup.extraConstraints);
    const researchEnabled = setup.researchEnabled === true;
    const selectedMethods = methods.map(({ item }) => item);
    const selectedInstruments = instruments.map(({ item }) => item);
    const cited = [...methods, ...instruments].flatMap(({ known }) => known?.facts?.cites ?? []);
    return {
      title: this.title(steps, project),
      evaluationGoals: goals,
      projectType: text(setup.projectType),
      participants,
      developmentStage: text(setup.developmentStage),
      accessibility: text(setup.accessibility),
      timeConstraint,
      extraConstraints,
      researchEnabled,
      researchObjective: text(setup.researchObjective),
      researchQuestions: texts(setup.researchQuestions),
      hypotheses: texts(setup.hypotheses),
      selectedMethods,
      selectedInstruments,
      nextSteps: texts(steps['4']?.nextSteps),
      notes: text(steps['4']?.notes),
      description: project?.description.trim() ?? '',
      goalsByCategory: this.groupGoals(goals),
      customConstructs: constructs,
      coverage: goalCoverage(
        planGoals,
        [
          ...methods.map(({ item }): Measure => ({ kind: 'method', id: item.id, name: item.name, goals: item.goals })),
          ...instruments.map(({ item }): Measure => ({ kind: 'instrument', id: item.id, name: item.name, goals: item.goals })),
          ...constructs.map((construct): Measure => ({ kind: 'construct', id: '', name: construct.name, goals: construct.goals })),
        ],
        (goal) => this.instrumentsForGoal.get(fold(goal)) ?? [],
      ),
      timeBudget: timeBudget(
        methods.map(({ item, known }) => ({ name: item.name, facts: known?.facts })),
        instruments
          .filter(({ known }) => known?.category !== 'observational')
          .map(({ item, known }) => ({ name: item.name, minutes: known?.facts?.minutes })),
        { participants, time: timeConstraint },
      ),
      checklist: ethicsChecklist({ researchEnabled, extraConstraints, methodIds: selectedMethods.map((item) => item.id) }),
      references: this.references.list(cited),
      priorityLegend: [...selectedMethods, ...selectedInstruments].some((item) => item.priority !== '') ? PRIORITY_LEGEND : '',
    };
  }

  /** The project's name, else step 1's project name, else "Evaluation plan". */
  title(steps: Steps, project: { name: string } | undefined): string {
    return project?.name || text(steps['1']?.projectName) || SESSION_TITLE;
  }

  /** Priority per catalog id, from the same rules that drive the wizard's recommendations. */
  private priorities(steps: Steps, forStep: 2 | 3): Map<string, string> {
    return new Map(this.engine.recommend(steps, forStep).map((item) => [item.id, item.priority]));
  }

  /** The selected entries, once each, with the catalog's texts and facts; `planGoals` are the plan's goals in catalog spelling. */
  private select<Entry extends MethodEntry | InstrumentEntry>(
    selected: string[],
    resolver: IdResolver,
    byId: Map<string, Entry>,
    priorities: Map<string, string>,
    planGoals: string[],
  ): Array<Selected<Entry>> {
    const seen = new Set<string>();
    const entries: Array<Selected<Entry>> = [];
    for (const entry of selected) {
      const id = resolver.resolve(entry);
      if (seen.has(id)) continue;
      seen.add(id);
      const known = byId.get(id);
      const priority = priorities.get(id) ?? '';
      const item: PlanItem = {
        id: known ? id : '',
        name: known?.name ?? entry,
        kind: known ? ('kind' in known ? known.kind : known.category) : '',
        description: known?.description ?? '',
        priority,
        priorityLabel: PRIORITY_LABELS[priority] ?? '',
        rationale: known?.rationale ?? '',
        goals: [],
        items: [],
        responseFormat: '',
        minutes: null,
        constructs: [],
        licence: '',
        participantGuidance: '',
        cites: [],
      };
      if (known?.facts) {
        const facts = known.facts;
        const measures = new Set(facts.goals);
        item.goals = planGoals.filter((goal) => measures.has(goal));
        item.cites = this.references.citations(facts.cites);
        if ('sessionMinutes' in facts) {
          item.minutes = minutesRange(facts.sessionMinutes);
          item.participantGuidance = facts.participantGuidance;
        } else {
          item.items = (facts.items ?? []).map(({ version, count, detail }) => ({ version: version ?? '', count, detail: detail ?? '' }));
          item.responseFormat = facts.responseFormat ?? '';
          item.minutes = facts.minutes ? minutesRange(facts.minutes) : null;
          item.constructs = [...facts.constructs];
          item.licence = facts.licence ?? '';
        }
      }
      entries.push({ item, known });
    }
    return entries;
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
