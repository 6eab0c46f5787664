import type { Catalog, CatalogItem, Priority, Rule } from '../catalog/catalog';
import type { Steps } from './wizard-status';

export type MatchKind =
  | 'goal'
  | 'method'
  | 'instrument'
  | 'projectType'
  | 'participants'
  | 'developmentStage'
  | 'accessibility'
  | 'time'
  | 'constraint'
  | 'research';

export interface Recommendation {
  id: string;
  name: string;
  description: string;
  priority: Priority;
  rationale: string;
  tags: string[];
  icon: string;
  /** Why the item was chosen: the plan's values that satisfied a rule. */
  matchedOn: Array<{ kind: MatchKind; value: string }>;
}

/** What the rules look at, read from the saved steps and normalised once. */
interface PlanFacts {
  goals: Map<string, string>; // folded → as the catalog spells it (or as sent)
  methods: Set<string>; // ids
  instruments: Set<string>; // ids
  participants?: string;
  developmentStage?: string;
  time?: string;
  accessibility?: string;
  extraConstraints: string[];
  researchEnabled: boolean;
}

const fold = (value: string) => value.trim().toLowerCase();
const slug = (value: string) => fold(value).replace(/\s+/g, '-');

/** Maps what clients send (ids or names, any case) to catalog ids; unknown names become their slug. */
export class IdResolver {
  private readonly byKey = new Map<string, string>();

  constructor(items: Array<{ id: string; name: string }>) {
    for (const item of items) {
      this.byKey.set(fold(item.id), item.id);
      this.byKey.set(fold(item.name), item.id);
    }
  }

  resolve(value: string): string {
    return this.byKey.get(fold(value)) ?? slug(value);
  }
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const string = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

export class RecommendationEngine {
  private readonly methods: IdResolver;
  private readonly instruments: IdResolver;
  private readonly goalNames: Map<string, string>;
  private readonly items: Record<2 | 3 | 4, Map<string, CatalogItem>>;

  constructor(
    catalog: Catalog,
    private readonly rules: Rule[],
  ) {
    this.methods = new IdResolver(catalog.methods);
    this.instruments = new IdResolver(catalog.instruments);
    this.goalNames = new Map(catalog.goalCategories.flatMap((c) => c.goals.map((g) => [fold(g.name), g.name] as const)));
    const byId = (list: CatalogItem[]) => new Map(list.map((item) => [item.id, item]));
    this.items = { 2: byId(catalog.methods), 3: byId(catalog.instruments), 4: byId(catalog.nextSteps) };
  }

  /** Items for `forStep` from the steps saved so far: merged per id, Recommended first, then by name. */
  recommend(steps: Steps, forStep: 2 | 3 | 4): Recommendation[] {
    const facts = this.factsOf(steps);
    const found = new Map<string, Recommendation>();
    for (const rule of this.rules) {
      if (rule.forStep !== forStep) continue;
      const matchedOn = this.match(rule, facts);
      if (!matchedOn) continue;
      for (const { id, priority } of rule.recommend) {
        const existing = found.get(id);
        if (existing) {
          if (priority === 'Recommended') existing.priority = 'Recommended';
          for (const match of matchedOn) {
            if (!existing.matchedOn.some((m) => m.kind === match.kind && m.value === match.value)) existing.matchedOn.push(match);
          }
          continue;
        }
        const item = this.items[forStep].get(id)!;
        found.set(id, {
          id,
          name: item.name,
          description: item.description,
          priority,
          rationale: item.rationale,
          tags: [...item.tags],
          icon: item.icon,
          matchedOn: [...matchedOn],
        });
      }
    }
    return [...found.values()].sort(
      (a, b) => Number(b.priority === 'Recommended') - Number(a.priority === 'Recommended') || a.name.localeCompare(b.name, 'en'),
    );
  }

  private factsOf(steps: Steps): PlanFacts {
    const setup = steps['1'] ?? {};
    const goals = new Map<string, string>();
    for (const goal of strings(setup.evaluationGoals)) goals.set(fold(goal), this.goalNames.get(fold(goal)) ?? goal.trim());
    return {
      goals,
      methods: new Set(strings(steps['2']?.selectedMethods).map((m) => this.methods.resolve(m))),
      instruments: new Set(strings(steps['3']?.selectedInstruments).map((i) => this.instruments.resolve(i))),
      participants: string(setup.participants),
      developmentStage: string(setup.developmentStage),
      time: string(setup.time),
      accessibility: string(setup.accessibility),
      extraConstraints: strings(setup.extraConstraints),
      researchEnabled: setup.researchEnabled === true,
    };
  }

  /** The plan values that satisfy every condition of the rule, or undefined when one fails. */
  private match(rule: Rule, facts: PlanFacts): Recommendation['matchedOn'] | undefined {
    const matched: Recommendation['matchedOn'] = [];
    const when = rule.when;
    for (const goal of when.goals ?? []) {
      const selected = facts.goals.get(fold(goal));
      if (selected === undefined) return undefined;
      matched.push({ kind: 'goal', value: selected });
    }
    for (const method of when.methods ?? []) {
      if (!facts.methods.has(method)) return undefined;
      matched.push({ kind: 'method', value: method });
    }
    for (const instrument of when.instruments ?? []) {
      if (!facts.instruments.has(instrument)) return undefined;
      matched.push({ kind: 'instrument', value: instrument });
    }
    const oneOf = (kind: MatchKind, allowed: string[] | undefined, value: string | undefined): boolean => {
      if (!allowed) return true;
      const hit = value !== undefined && allowed.some((a) => fold(a) === fold(value));
      if (hit) matched.push({ kind, value: value! });
      return hit;
    };
    if (!oneOf('participants', when.participants, facts.participants)) return undefined;
    if (!oneOf('developmentStage', when.developmentStage, facts.developmentStage)) return undefined;
    if (!oneOf('time', when.time, facts.time)) return undefined;
    if (!oneOf('accessibility', when.accessibility, facts.accessibility)) return undefined;
    if (when.extraConstraints) {
      const hits = facts.extraConstraints.filter((c) => when.extraConstraints!.some((a) => fold(a) === fold(c)));
      if (hits.length === 0) return undefined;
      for (const value of hits) matched.push({ kind: 'constraint', value });
    }
    if (when.researchEnabled !== undefined) {
      if (facts.researchEnabled !== when.researchEnabled) return undefined;
      matched.push({ kind: 'research', value: when.researchEnabled ? 'enabled' : 'disabled' });
    }
    return matched;
  }
}
