import type { types } from '@evalplan/protos';

export type Coverage = types.Coverage__Output;

/** Something selected that may measure goals: a method, an instrument or a custom construct. */
export interface Measure {
  kind: 'method' | 'instrument' | 'construct';
  id: string;
  name: string;
  /** Goal names as the catalog spells them (or as the person typed them, for constructs). */
  goals: string[];
}

const fold = (value: string) => value.trim().toLowerCase();

/** How many instruments an uncovered goal suggests: enough to choose from, few enough to read in a table cell. */
const MOST_SUGGESTIONS = 3;

/**
 * The goals × measures matrix. A goal is covered when at least one selected
 * method, instrument or construct measures it; an uncovered one names the
 * catalog's instruments that would (`suggestionsFor`, best first).
 */
export function goalCoverage(goals: string[], measures: Measure[], suggestionsFor: (goal: string) => string[]): Coverage {
  const measured = measures.map((measure) => new Set(measure.goals.map(fold)));
  const rows = goals.map((goal) => {
    const measuredBy = measured.map((set) => set.has(fold(goal)));
    const covered = measuredBy.includes(true);
    return { goal, measuredBy, covered, suggestions: covered ? [] : suggestionsFor(goal).slice(0, MOST_SUGGESTIONS) };
  });
  return {
    columns: measures.map(({ kind, id, name }) => ({ kind, id, name })),
    rows,
    uncoveredGoals: rows.filter((row) => !row.covered).map((row) => row.goal),
  };
}
