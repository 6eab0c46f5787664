/**
 * What every rendering of a plan shares (the built-in PDF layout, the
 * Markdown and the DOCX export): the sections in their order, and the few
 * phrases each of them prints, so the three never word a figure differently.
 * Pure functions on plain values: no pdfmake, no document format.
 */

/** The plan's sections, in the order every rendering carries them. */
export const PLAN_SECTIONS = {
  context: 'Context',
  goals: 'Evaluation goals',
  coverage: 'Goal coverage',
  research: 'Research',
  methods: 'Methods',
  instruments: 'Instruments',
  timeBudget: 'Time budget',
  checklist: 'Ethics and data protection checklist',
  nextSteps: 'Next steps',
  notes: 'Notes',
  references: 'References',
} as const;

export type PlanSection = keyof typeof PLAN_SECTIONS;

/** The section keys in order (an object keeps its keys in the order they were written). */
export const PLAN_SECTION_ORDER = Object.keys(PLAN_SECTIONS) as readonly PlanSection[];

/** Labels and fixed words the renderings print beside the plan's own text. */
export const PLAN_WORDS = {
  whyItFits: 'Why it fits',
  items: 'Items',
  responseFormat: 'Answers',
  minutes: 'Time',
  sessionLength: 'Session length',
  participants: 'Participants',
  measures: 'Measures',
  licence: 'Licence',
  sources: 'Sources',
  goal: 'Goal',
  measuredBy: 'Measured by',
  status: 'Status',
  covered: 'Covered',
  notCovered: 'Not covered',
  nothingMeasures: 'Nothing selected measures this goal.',
  budgetItem: 'Method or instrument',
  minutesPerParticipant: 'Minutes per participant',
  researcherHours: 'Researcher hours',
  total: 'Total',
  warning: 'Warning',
  assumptions: 'Assumptions',
} as const;

/** A span of minutes, as the plan document carries it (protos: MinutesRange). */
export interface MinutesRange {
  low: number;
  high: number;
  /** A rule-of-thumb figure rather than one a source states. */
  estimate: boolean;
}

/** How many items an instrument, or one version of it, has (protos: ItemCount). */
export interface ItemCount {
  /** "" for the instrument itself, else the version ("UEQ-S"). */
  version: string;
  count: number;
  /** Words about the count ("3 per factor"), or instead of it where they start with it ("6 scales, plus …"). */
  detail: string;
}

/**
 * A figure for reading, not computing: tenths below 10 ("0.5", "2.5"),
 * whole numbers from 10 on ("11", "98"); never "-0" or a trailing ".0".
 */
export function figure(value: number): string {
  if (!Number.isFinite(value) || value <= 0) return '0';
  const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return String(rounded);
}

/** Two figures as a range ("10–45"), or one figure when they round to the same ("20"). */
export function span(low: number, high: number): string {
  const from = figure(low);
  const to = figure(Math.max(low, high));
  return from === to ? from : `${from}–${to}`;
}

/**
 * Minutes in words: "60–90 min", "2–3 min (estimate)", "about 0.5 min" (a
 * single estimated figure), "up to 3 min" (no lower bound). "" when there is
 * no figure (both 0), so a caller can leave the fact out.
 */
export function minutesText(minutes: MinutesRange | null | undefined): string {
  if (!minutes) return '';
  const low = Math.max(0, minutes.low || 0);
  const high = Math.max(low, minutes.high || 0);
  if (high === 0) return '';
  if (low === 0) return `up to ${figure(high)} min${minutes.estimate ? ' (estimate)' : ''}`;
  const range = span(low, high);
  if (!range.includes('–')) return minutes.estimate ? `about ${range} min` : `${range} min`;
  return minutes.estimate ? `${range} min (estimate)` : `${range} min`;
}

const countOfItems = (count: number) => (count === 1 ? '1 item' : `${count} items`);

/**
 * Items per version: "10 items", "26 items; UEQ-S: 8 items", with a
 * version's detail after its count ("12 items (3 per factor)"), or the
 * detail alone where it starts with the count in other words ("6 scales,
 * plus 15 optional pairwise comparisons"). "" when nothing is known.
 */
export function itemsText(items: readonly ItemCount[] | null | undefined): string {
  if (!items) return '';
  const parts: string[] = [];
  for (const { version, count, detail } of items) {
    const counted = count > 0 ? countOfItems(count) : '';
    let words = detail === '' ? counted : detail;
    if (detail !== '' && counted !== '' && !detail.startsWith(`${count} `)) words = `${counted} (${detail})`;
    if (words === '') continue;
    parts.push(version !== '' ? `${version}: ${words}` : words);
  }
  return parts.join('; ');
}

/** Hours, rounded for reading: "10–45 h", "2.5 h", "0 h". */
export function hoursText(low: number, high: number): string {
  return `${span(low, high)} h`;
}

/** A participant range: "10–30 participants", "1 participant". "" when none was given. */
export function participantsText(low: number, high: number): string {
  if (low <= 0 && high <= 0) return '';
  const range = span(low, high);
  return range === '1' ? '1 participant' : `${range} participants`;
}

/** In-text citations for a reference-list line or a label: "Brooke, 1996; Laugwitz et al., 2008". */
export function citationList(cites: readonly string[] | null | undefined): string {
  return cites ? cites.filter((cite) => cite !== '').join('; ') : '';
}

/** In-text citations in APA 7's parentheses: "(Brooke, 1996; Laugwitz et al., 2008)"; "" for none. */
export function citationsText(cites: readonly string[] | null | undefined): string {
  const list = citationList(cites);
  return list === '' ? '' : `(${list})`;
}

/** A list in prose: "a", "a and b", "a, b and c". */
export function andList(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * How a coverage cell names what measures its goal: at most this many names,
 * each cut to NAME_CHARACTERS. Every selected item and construct may measure
 * every goal, and each name may be 2,000 characters long: named in full, a
 * plan at the wizard's limits would print megabytes here (its names are
 * printed whole in their own sections).
 */
export const MOST_NAMED_MEASURES = 6;
export const NAME_CHARACTERS = 80;

/** A name cut to `length` characters (code points), with an ellipsis when it was longer (coverage cells, e-mail subjects). */
export function shortName(name: string, length = NAME_CHARACTERS): string {
  const characters = Array.from(name);
  return characters.length <= length
    ? name
    : `${characters
        .slice(0, length - 1)
        .join('')
        .trimEnd()}…`;
}

/**
 * What measures a goal, for a coverage cell: the names of the columns that
 * do, in their order, shortened, and "and 4 more" past MOST_NAMED_MEASURES.
 */
export function measuredByNames(columnNames: readonly string[], measuredBy: readonly boolean[]): string[] {
  const names: string[] = [];
  let more = 0;
  for (let index = 0; index < columnNames.length; index += 1) {
    if (!measuredBy[index]) continue;
    if (names.length < MOST_NAMED_MEASURES) names.push(shortName(columnNames[index]!));
    else more += 1;
  }
  if (more > 0) names.push(`and ${more} more`);
  return names;
}

/** What a plan with uncovered goals could add: "Consider: PENS, IMI"; "" with no suggestion. */
export function suggestionsText(suggestions: readonly string[] | null | undefined): string {
  return suggestions && suggestions.length > 0 ? `Consider: ${suggestions.join(', ')}` : '';
}

/** Why the plan has a checklist, as the sentence that opens it. */
export function checklistReasonsText(reasons: readonly string[] | null | undefined): string {
  const because = andList(reasons ?? []);
  return because === ''
    ? 'Work through these questions before the study starts.'
    : `Because ${because}, work through these questions before the study starts.`;
}
