import type { types } from '@evalplan/protos';
import {
  checklistReasonsText,
  citationList,
  figure,
  hoursText,
  itemsText,
  measuredByNames,
  minutesText,
  PLAN_SECTION_ORDER,
  PLAN_SECTIONS,
  PLAN_WORDS,
  type PlanSection,
  participantsText,
  shortName,
  suggestionsText,
} from '../domain/plan-sections';
import { longDate } from './built-in-layout';

/**
 * The plan as the editable exports (Markdown, DOCX) print it: the same
 * sections, in the same order and with the same words as the built-in PDF
 * layout (domain/plan-sections.ts), as plain data. Every string here is text
 * to show as it is: each format escapes it its own way, so nothing in a plan
 * can turn into markup of either.
 */

/** A stretch of text with its emphasis; `link` makes it a hyperlink to that URL. */
export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  link?: string;
}

export type Block =
  /** One paragraph of runs. */
  | { kind: 'paragraph'; runs: Run[] }
  /** Text the person wrote that may hold line breaks and blank lines (notes, a description). */
  | { kind: 'text'; text: string }
  /** A heading below the section's: a method, an instrument, a goal category. */
  | { kind: 'subheading'; text: string }
  | { kind: 'list'; ordered: boolean; items: Run[][] }
  /** Questions to tick off, each under its topic. */
  | { kind: 'checklist'; items: Array<{ topic: string; question: string }> }
  /** A table with a header row; every row has as many cells as the header. */
  | { kind: 'table'; header: string[]; rows: Run[][][] }
  /** One entry of the reference list (set with a hanging indent). */
  | { kind: 'reference'; runs: Run[] };

export interface OutlineSection {
  key: PlanSection;
  title: string;
  blocks: Block[];
}

export interface PlanOutline {
  title: string;
  /** "Evaluation plan · 23 November 2026" */
  subtitle: string;
  sections: OutlineSection[];
}

/** The mark in a coverage cell whose column measures the row's goal. */
export const MEASURED_MARK = '✓';

const NOT_SPECIFIED = 'Not specified';

const muted = (text: string): Block => ({ kind: 'paragraph', runs: [{ text, italic: true }] });
const plainRuns = (text: string): Run[] => [{ text }];
const labelled = (label: string, value: string): Run[] => [{ text: `${label}:`, bold: true }, { text: ` ${value}` }];

/** A list of the person's entries, or a muted line when there are none. */
function listOr(entries: readonly string[], ordered: boolean, empty: string): Block {
  return entries.length === 0 ? muted(empty) : { kind: 'list', ordered, items: entries.map(plainRuns) };
}

function context(document: types.PlanDocument__Output): Block[] {
  const rows: Array<[string, string]> = [
    ['Project type', document.projectType],
    ['Participants', document.participants],
    ['Development stage', document.developmentStage],
    ['Participant accessibility', document.accessibility],
    ['Time available', document.timeConstraint],
    ['Extra constraints', document.extraConstraints.join(', ')],
  ];
  // A project's description, where there is one (sessions never have one), leads the table.
  if (document.description !== '') rows.unshift(['Project description', document.description]);
  return [
    {
      kind: 'table',
      header: ['Aspect', 'Details'],
      rows: rows.map(([label, value]) => [
        [{ text: label, bold: true }],
        value === '' ? [{ text: NOT_SPECIFIED, italic: true }] : [{ text: value }],
      ]),
    },
  ];
}

function goals(document: types.PlanDocument__Output): Block[] {
  if (document.goalsByCategory.length === 0) return [muted('No goals selected.')];
  return document.goalsByCategory.flatMap((group): Block[] => [
    { kind: 'subheading', text: group.category },
    { kind: 'list', ordered: false, items: group.goals.map(plainRuns) },
  ]);
}

/** The status of one goal: covered, or not with what would cover it. */
function coverageStatus(row: types.CoverageRow__Output): string {
  if (row.covered) return PLAN_WORDS.covered;
  const suggestions = suggestionsText(row.suggestions);
  return `${PLAN_WORDS.notCovered}. ${suggestions === '' ? PLAN_WORDS.nothingMeasures : suggestions}`;
}

/** Up to this many columns that measure something, Markdown and DOCX show a matrix; more would not fit a page. */
const MOST_MATRIX_COLUMNS = 8;

function coverage(document: types.PlanDocument__Output): Block[] {
  const { columns = [], rows = [] } = document.coverage ?? {};
  if (rows.length === 0) return [muted(document.evaluationGoals.length === 0 ? 'No goals selected.' : 'No coverage worked out yet.')];
  // A column that measures none of the goals (a method the catalog does not know) adds nothing to the matrix.
  const measuring = columns.map((_, index) => index).filter((index) => rows.some((row) => row.measuredBy[index]));
  if (measuring.length > MOST_MATRIX_COLUMNS) {
    // As the PDF shows it: what measures each goal, named.
    const names = columns.map((column) => column.name);
    return [
      {
        kind: 'table',
        header: [PLAN_WORDS.goal, PLAN_WORDS.measuredBy, PLAN_WORDS.status],
        rows: rows.map((row) => [
          [{ text: row.goal, bold: true }],
          [{ text: measuredByNames(names, row.measuredBy).join(', ') || '—' }],
          [{ text: coverageStatus(row), ...(row.covered ? {} : { bold: true }) }],
        ]),
      },
    ];
  }
  return [
    {
      kind: 'table',
      header: [PLAN_WORDS.goal, ...measuring.map((index) => shortName(columns[index]!.name)), PLAN_WORDS.status],
      rows: rows.map((row) => [
        [{ text: row.goal, bold: true }],
        ...measuring.map((index): Run[] => [{ text: row.measuredBy[index] ? MEASURED_MARK : '' }]),
        [{ text: coverageStatus(row), ...(row.covered ? {} : { bold: true }) }],
      ]),
    },
  ];
}

function research(document: types.PlanDocument__Output): Block[] {
  const objective = document.researchObjective;
  return [
    {
      kind: 'paragraph',
      runs: [
        { text: 'Objective:', bold: true },
        objective === '' ? { text: ` ${NOT_SPECIFIED}`, italic: true } : { text: ` ${objective}` },
      ],
    },
    { kind: 'paragraph', runs: [{ text: 'Research questions', bold: true }] },
    listOr(document.researchQuestions, true, 'None yet.'),
    { kind: 'paragraph', runs: [{ text: 'Hypotheses', bold: true }] },
    listOr(document.hypotheses, true, 'None yet.'),
  ];
}

/** Minutes as a figure; without one, the note says where the time is counted instead ("per instrument"). */
const minutesOrNote = (minutes: types.MinutesRange__Output | null): string => minutesText(minutes) || (minutes?.note ?? '');

/** A method or instrument: its heading, priority, description, why it fits, its facts and sources. */
function planItem(item: types.PlanItem__Output, kind: 'method' | 'instrument'): Block[] {
  const about: Block[] = [];
  if (item.description !== '') about.push({ kind: 'paragraph', runs: plainRuns(item.description) });
  if (item.rationale !== '') about.push({ kind: 'paragraph', runs: labelled(PLAN_WORDS.whyItFits, item.rationale) });
  const facts: Array<[string, string]> = [
    [PLAN_WORDS.items, itemsText(item.items)],
    [PLAN_WORDS.responseFormat, item.responseFormat],
    [kind === 'method' ? PLAN_WORDS.sessionLength : PLAN_WORDS.minutes, minutesOrNote(item.minutes)],
    [PLAN_WORDS.measures, item.constructs.join(', ')],
    [PLAN_WORDS.licence, item.licence],
    [PLAN_WORDS.participants, item.participantGuidance],
    [PLAN_WORDS.sources, citationList(item.cites)],
  ];
  const shown = facts.filter(([, value]) => value !== '');
  if (shown.length > 0) about.push({ kind: 'list', ordered: false, items: shown.map(([label, value]) => labelled(label, value)) });
  if (about.length === 0) about.push(muted('Added by you; not in our catalog.'));
  // The priority in words a reader understands without the legend.
  const priority = item.priorityLabel || item.priority;
  return [
    { kind: 'subheading', text: item.name },
    ...(priority === '' ? [] : [{ kind: 'paragraph', runs: [{ text: priority, bold: true }] } satisfies Block]),
    ...about,
  ];
}

function items(list: readonly types.PlanItem__Output[], kind: 'method' | 'instrument', empty: string): Block[] {
  return list.length === 0 ? [muted(empty)] : list.flatMap((item) => planItem(item, kind));
}

/** The methods, led by what the priorities mean when any method or instrument has one. */
function methods(document: types.PlanDocument__Output): Block[] {
  const blocks = items(document.selectedMethods, 'method', 'No methods selected.');
  const prioritised = [...document.selectedMethods, ...document.selectedInstruments].some(
    (item) => item.priority !== '' || item.priorityLabel !== '',
  );
  return prioritised && document.priorityLegend !== '' ? [muted(document.priorityLegend), ...blocks] : blocks;
}

function instruments(document: types.PlanDocument__Output): Block[] {
  const blocks = items(document.selectedInstruments, 'instrument', 'No instruments selected.');
  if (document.customConstructs.length > 0) {
    blocks.push({ kind: 'subheading', text: 'Custom constructs' });
    blocks.push({
      kind: 'list',
      ordered: false,
      items: document.customConstructs.map((construct) => [
        { text: construct.name, bold: true },
        ...(construct.description !== '' ? [{ text: `: ${construct.description}` }] : []),
        ...(construct.goals.length > 0 ? [{ text: ` (goals: ${construct.goals.join(', ')})` }] : []),
      ]),
    });
  }
  return blocks;
}

/** Two figures as a range ("10–45"), or one where they round to the same. */
function span(low: number, high: number): string {
  const from = figure(low);
  const to = figure(Math.max(low, high));
  return from === to ? from : `${from}–${to}`;
}

/** Researcher hours, or a dash where a line costs none (answered without a researcher). */
const hoursOrDash = (low: number, high: number): string => (low > 0 || high > 0 ? hoursText(low, high) : '—');

function timeBudget(document: types.PlanDocument__Output): Block[] {
  const budget = document.timeBudget;
  if (!budget || (budget.lines.length === 0 && budget.warnings.length === 0)) {
    return [muted('Nothing to estimate yet: no selected method or instrument has a known duration.')];
  }
  const blocks: Block[] = [
    {
      kind: 'table',
      header: [PLAN_WORDS.budgetItem, PLAN_WORDS.minutesPerParticipant, PLAN_WORDS.researcherHours, 'Counted as'],
      rows: [
        ...budget.lines.map((line) => [
          plainRuns(line.name),
          plainRuns(minutesText(line.participantMinutes) || '—'),
          plainRuns(hoursOrDash(line.researcherHoursLow, line.researcherHoursHigh)),
          plainRuns(line.basis),
        ]),
        [
          [{ text: PLAN_WORDS.total, bold: true }],
          [{ text: minutesText(budget.minutesPerParticipant) || '—', bold: true }],
          [{ text: hoursText(budget.researcherHoursLow, budget.researcherHoursHigh), bold: true }],
          [{ text: '' }],
        ],
      ],
    },
  ];
  const participants = participantsText(budget.participantsLow, budget.participantsHigh);
  const researcher = span(budget.researcherHoursLow, budget.researcherHoursHigh);
  if (participants !== '') {
    const participantHours = span(budget.participantHoursLow, budget.participantHoursHigh);
    blocks.push({
      kind: 'paragraph',
      runs: plainRuns(`For ${participants}: about ${participantHours} participant-hours and ${researcher} researcher hours.`),
    });
  }
  if (budget.availableHours > 0) {
    const available = span(budget.availableHours, budget.availableHours);
    blocks.push({ kind: 'paragraph', runs: plainRuns(`The time available allows about ${available} researcher hours.`) });
  }
  for (const warning of budget.warnings) blocks.push({ kind: 'paragraph', runs: labelled(PLAN_WORDS.warning, warning) });
  if (budget.assumptions.length > 0) {
    blocks.push({ kind: 'paragraph', runs: [{ text: `${PLAN_WORDS.assumptions}:`, bold: true }] });
    blocks.push({ kind: 'list', ordered: false, items: budget.assumptions.map(plainRuns) });
  }
  return blocks;
}

function checklist(found: types.Checklist__Output): Block[] {
  const blocks: Block[] = [{ kind: 'paragraph', runs: plainRuns(checklistReasonsText(found.reasons)) }];
  if (found.items.length > 0) blocks.push({ kind: 'checklist', items: found.items.map(({ topic, question }) => ({ topic, question })) });
  if (found.disclaimer !== '') blocks.push(muted(found.disclaimer));
  return blocks;
}

/** One reference-list entry; its DOI (APA 7 ends the entry with it) becomes a link where it stands, or is added at the end. */
function reference(entry: types.Reference__Output): Block {
  const doi = entry.doiUrl;
  const source = entry.runs.length > 0 ? entry.runs : [{ text: entry.text, italic: false }];
  const runs: Run[] = [];
  let linked = doi === '';
  for (const { text, italic } of source) {
    const before = !linked && text.endsWith(doi) ? text.slice(0, -doi.length) : text;
    if (before !== '') runs.push(italic ? { text: before, italic } : { text: before });
    if (before !== text) {
      runs.push({ text: doi, link: doi });
      linked = true;
    }
  }
  if (!linked) runs.push({ text: ' ' }, { text: doi, link: doi });
  return { kind: 'reference', runs };
}

function references(document: types.PlanDocument__Output): Block[] {
  return document.references.length === 0 ? [muted('No sources cited.')] : document.references.map(reference);
}

/** Each section's blocks; undefined leaves the section out of this plan. */
const SECTION_BLOCKS: Record<PlanSection, (document: types.PlanDocument__Output) => Block[] | undefined> = {
  context,
  goals,
  coverage,
  research: (document) => (document.researchEnabled ? research(document) : undefined),
  methods,
  instruments,
  timeBudget,
  // Only when research or a sensitive population asks for one.
  checklist: (document) => (document.checklist ? checklist(document.checklist) : undefined),
  nextSteps: (document) => [listOr(document.nextSteps, true, 'No next steps yet.')],
  notes: (document) => [document.notes.trim() === '' ? muted('No notes.') : { kind: 'text', text: document.notes }],
  references,
};

/** The plan, rendered at `date` and dated in `timeZone` (an IANA name the caller has checked). */
export function planOutline(document: types.PlanDocument__Output, date: Date, timeZone: string): PlanOutline {
  const sections: OutlineSection[] = [];
  for (const key of PLAN_SECTION_ORDER) {
    const blocks = SECTION_BLOCKS[key](document);
    if (blocks) sections.push({ key, title: PLAN_SECTIONS[key], blocks });
  }
  return { title: document.title, subtitle: `Evaluation plan · ${longDate(date.toISOString(), timeZone)}`, sections };
}
