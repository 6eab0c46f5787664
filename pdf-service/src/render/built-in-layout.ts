import {
  PLAN_SECTIONS,
  PLAN_WORDS,
  checklistReasonsText,
  citationList,
  hoursText,
  itemsText,
  measuredByNames,
  minutesText,
  participantsText,
  span,
  suggestionsText,
} from '../domain/plan-sections';
import type {
  TemplateChecklist,
  TemplateCoverage,
  TemplateData,
  TemplateItem,
  TemplateMinutes,
  TemplateReference,
  TemplateTimeBudget,
} from '../domain/template-data';
import type { Content, CustomTableLayout, StyleDictionary, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { hasCjk } from './cjk';

/** Left, top, right and bottom, in points: the header and footer are drawn inside the top and bottom margins. */
export const PAGE_MARGINS: [number, number, number, number] = [56, 64, 56, 56];

/** The family registered by the render worker (DejaVu Sans: Latin, Greek, Cyrillic, Hebrew, Arabic, Georgian, Armenian …). */
export const LAYOUT_FONT = 'DejaVuSans';

const ACCENT = '#1f4e79';
const MUTED = '#5f6b76';
const RULE = '#c9d3dd';
/** What needs the reader's attention (an uncovered goal, a warning): always with words too, never colour alone. */
const ALERT = '#a4262c';
const HEADER_FILL = '#eef2f6';
const NOT_SPECIFIED = 'Not specified';
/** The content width of an A4 page between the margins. */
const CONTENT_WIDTH = 483;

const styles: StyleDictionary = {
  title: { fontSize: 22, bold: true, color: ACCENT, margin: [0, 0, 0, 4] },
  subtitle: { fontSize: 10, color: MUTED, margin: [0, 0, 0, 14] },
  section: { fontSize: 13, bold: true, color: ACCENT, margin: [0, 16, 0, 2] },
  itemName: { fontSize: 11, bold: true, margin: [0, 8, 0, 1] },
  label: { bold: true, color: MUTED, fontSize: 9 },
  muted: { color: MUTED, italics: true },
  small: { fontSize: 9, color: MUTED },
  priority: { fontSize: 8, bold: true, color: '#ffffff' },
  facts: { fontSize: 9, color: '#39444f', margin: [0, 3, 0, 0] },
  legend: { fontSize: 9, color: MUTED, margin: [0, 0, 0, 2] },
  tableHeader: { fontSize: 9, bold: true, color: MUTED },
  alert: { bold: true, color: ALERT },
};

/** Formatters built once per zone: setting one up costs about 1.5 % of a render. */
const longDates = new Map<string, Intl.DateTimeFormat>();

/** Long dates without locale data surprises: "23 November 2026", in the plan's time zone (UTC by default). */
export function longDate(iso: string, timeZone = 'UTC'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = longDates.get(timeZone);
  if (!format)
    longDates.set(timeZone, (format = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone })));
  return format.format(date);
}

const orNotSpecified = (value: string): Content => (value === '' ? { text: NOT_SPECIFIED, style: 'muted' } : value);

/** One line of body text: DejaVu Sans at 10 pt and line height 1.25 (its ascent plus descent is 1.164 em). */
const BODY_LINE = 14.6;
/** A line with Chinese, Japanese or Korean in it: Noto Sans SC and KR reach 1.448 em, 18.1 pt. */
const CJK_LINE = 18.1;
/** What must fit under a heading on its page: two lines of what follows, and the 2 pt some blocks open with. */
const firstLines = (lineHeight: number) => 2 * lineHeight + 2;

/**
 * A run of content led by headings that must not stand alone at a page's foot.
 * Only the lead is kept together; the body flows across pages line by line.
 */
interface Block {
  lead: Content[];
  body: Content[];
  /** The room to keep under the lead when two lines of text are not what must follow it (a table's header and first row). */
  room?: number;
}

const plain = (...body: Content[]): Block => ({ lead: [], body });

/**
 * Lays blocks out one after another. pdfmake can keep a node together but not
 * "a node and the first lines of the next", so the lead is kept together with
 * the height of two body lines of empty space under it, and the body is pulled
 * up into that space: the lead moves to the next page unless two lines of its
 * body fit too. A body with CJK text anywhere gets room for two CJK lines: a
 * little too much at worst, where too little would leave the heading with one.
 */
function flow(blocks: Block[]): Content[] {
  return blocks.flatMap(({ lead, body, room: given }): Content[] => {
    if (lead.length === 0) return body;
    // The body is plain data (text, lists, tables): its serialised form holds all of its text.
    const room = given ?? firstLines(hasCjk(JSON.stringify(body)) ? CJK_LINE : BODY_LINE);
    return [
      { stack: [{ stack: lead, margin: [0, 0, 0, room] }], unbreakable: true },
      { stack: body, margin: [0, -room, 0, 0] },
    ];
  });
}

/** A titled section: its heading leads the section's first block. */
function section(title: string, blocks: Block[]): Content[] {
  const heading: Content[] = [
    { text: title, style: 'section' },
    { canvas: [{ type: 'line', x1: 0, y1: 0, x2: CONTENT_WIDTH, y2: 0, lineWidth: 0.6, lineColor: RULE }], margin: [0, 0, 0, 6] },
  ];
  const [first = plain(), ...rest] = blocks;
  return flow([{ lead: [...heading, ...first.lead], body: first.body, room: first.room }, ...rest]);
}

/**
 * The value column is 337 pt wide: about 56 Latin letters at 10 pt, or 33
 * full-width (CJK) characters, which count twice here.
 */
const VALUE_LINE_COLUMNS = 56;
/** Rows up to this many lines are kept whole: at most a fifth of a page moves to the next one. */
const MOST_UNBROKEN_LINES = 8;

/** About how many lines a value takes in the value column: each paragraph at least one. */
function estimatedLines(value: string): number {
  return value.split('\n').reduce((lines, paragraph) => {
    let columns = 0;
    for (const char of paragraph) columns += hasCjk(char) ? 2 : 1;
    return lines + Math.max(1, Math.ceil(columns / VALUE_LINE_COLUMNS));
  }, 0);
}

/**
 * The context as label-value rows. A short row never splits, so a label never
 * stands on one page with its value on the next; a long one may (it starts
 * beside its label): pdfmake drops a row kept whole that is taller than a
 * page. pdfmake keeps all rows of a table whole or none, so each stretch of
 * short or long rows is a table of its own, the tables stacked as one.
 */
function contextTable(data: TemplateData): Content {
  const rows: Array<[string, string]> = [
    ['Project description', data.Description],
    ['Project type', data.ProjectType],
    ['Participants', data.Participants],
    ['Development stage', data.DevelopmentStage],
    ['Participant accessibility', data.Accessibility],
    ['Time available', data.TimeConstraint],
    ['Extra constraints', data.ExtraConstraints.join(', ')],
  ];
  const tables: Array<{ short: boolean; rows: Content[][] }> = [];
  for (const [label, value] of rows) {
    // A project description is shown only where there is one (sessions never have one).
    if (label === 'Project description' && value === '') continue;
    const short = estimatedLines(value) <= MOST_UNBROKEN_LINES;
    const row = [{ text: label, style: 'label' }, orNotSpecified(value)];
    const last = tables[tables.length - 1];
    if (last?.short === short) last.rows.push(row);
    else tables.push({ short, rows: [row] });
  }
  return {
    stack: tables.map(({ short, rows: body }, index) => ({
      table: { dontBreakRows: short, widths: [130, '*'], body },
      layout: {
        // The rule above a table after the first is the one below the table before it.
        hLineWidth: (line: number) => (line === 0 && index > 0 ? 0 : 0.4),
        vLineWidth: () => 0,
        hLineColor: () => RULE,
        paddingTop: () => 4,
        paddingBottom: () => 4,
      },
    })),
  };
}

function goals(data: TemplateData): Block[] {
  if (data.GoalsByCategory.length === 0) return [plain({ text: 'No goals selected.', style: 'muted' })];
  return data.GoalsByCategory.map((group) => ({
    lead: [{ text: group.Category, bold: true, margin: [0, 6, 0, 2] }],
    body: [{ ul: group.Goals, margin: [8, 0, 0, 0] }],
  }));
}

function numbered(list: string[], empty: string): Content {
  return list.length === 0 ? { text: empty, style: 'muted' } : { ol: list, margin: [4, 2, 0, 4] };
}

function research(data: TemplateData): Content[] {
  if (!data.ResearchEnabled) return [];
  return section(PLAN_SECTIONS.research, [
    { lead: [{ text: 'Objective', style: 'label' }], body: [{ text: orNotSpecified(data.ResearchObjective), margin: [0, 1, 0, 6] }] },
    { lead: [{ text: 'Research questions', style: 'label' }], body: [numbered(data.ResearchQuestions, 'None yet.')] },
    { lead: [{ text: 'Hypotheses', style: 'label', margin: [0, 4, 0, 0] }], body: [numbered(data.Hypotheses, 'None yet.')] },
  ]);
}

/** A label in bold and its value, as inlines of a facts line. */
const fact = (label: string, value: string): Content[] => [{ text: `${label}: `, bold: true }, value];

/** Facts joined into one wrapped line: " · " between them. */
function factsLine(facts: Content[][]): Content | undefined {
  if (facts.length === 0) return undefined;
  const inlines: Content[] = [];
  for (const part of facts) {
    if (inlines.length > 0) inlines.push(' · ');
    inlines.push(...part);
  }
  return { text: inlines, style: 'facts' };
}

/** A span of minutes in the shared wording ("2–3 min (estimate)"), "" when it has no figure. */
const minutesOf = (minutes: TemplateMinutes | null | undefined): string =>
  minutes ? minutesText({ low: minutes.Low, high: minutes.High, estimate: minutes.Estimate }) : '';

/** An instrument's facts: how many items, how it is answered, how long it takes, what it measures, its terms and sources. */
function instrumentFacts(item: TemplateItem): Content[] {
  const lines: Content[] = [];
  const shape: Content[][] = [];
  const items = itemsText(item.Items?.map(({ Version, Count, Detail }) => ({ version: Version, count: Count, detail: Detail })));
  if (items) shape.push([items]);
  if (item.ResponseFormat) shape.push([item.ResponseFormat]);
  const minutes = minutesOf(item.Minutes);
  if (minutes) shape.push([minutes]);
  const about: Content[][] = [];
  if (item.Constructs && item.Constructs.length > 0) about.push(fact(PLAN_WORDS.measures, item.Constructs.join(', ')));
  if (item.Licence) about.push(fact(PLAN_WORDS.licence, item.Licence));
  const sources = citationList(item.Cites);
  if (sources) about.push(fact(PLAN_WORDS.sources, sources));
  for (const line of [factsLine(shape), factsLine(about)]) if (line) lines.push(line);
  return lines;
}

/** A method's facts: how long a session lasts, how many participants to plan, its sources. */
function methodFacts(item: TemplateItem): Content[] {
  const lines: Content[] = [];
  const session: Content[][] = [];
  // No figure but a note: the note says where the time is counted instead ("per instrument").
  const minutes = minutesOf(item.Minutes) || (item.Minutes?.Note ?? '');
  if (minutes) session.push(fact(PLAN_WORDS.sessionLength, minutes));
  const sources = citationList(item.Cites);
  if (sources) session.push(fact(PLAN_WORDS.sources, sources));
  const first = factsLine(session);
  if (first) lines.push(first);
  if (item.ParticipantGuidance) lines.push({ text: fact(PLAN_WORDS.participants, item.ParticipantGuidance), style: 'facts' });
  return lines;
}

/** The badge's words: the priority as the reader understands it without the legend. */
const priorityBadge = (item: TemplateItem): string => (item.PriorityLabel || item.Priority).toUpperCase();

function planItem(item: TemplateItem, facts: (item: TemplateItem) => Content[]): Block {
  const heading: Content = item.Priority
    ? {
        columns: [
          { text: item.Name, style: 'itemName', width: '*' },
          {
            width: 'auto',
            margin: [0, 8, 0, 0],
            table: { body: [[{ text: priorityBadge(item), style: 'priority', fillColor: ACCENT }]] },
            layout: 'noBorders',
          },
        ],
      }
    : { text: item.Name, style: 'itemName' };
  const body: Content[] = [];
  if (item.Description) body.push({ text: item.Description });
  if (item.Rationale) body.push({ text: [{ text: `${PLAN_WORDS.whyItFits}: `, bold: true }, item.Rationale], margin: [0, 2, 0, 0] });
  body.push(...facts(item));
  if (body.length === 0) body.push({ text: 'Added by you; not in our catalog.', style: 'small' });
  return { lead: [heading], body };
}

function items(list: TemplateItem[], empty: string, facts: (item: TemplateItem) => Content[]): Block[] {
  return list.length === 0 ? [plain({ text: empty, style: 'muted' })] : list.map((item) => planItem(item, facts));
}

/** The methods, led by what the priority badges mean when any method or instrument has one. */
function methods(data: TemplateData): Block[] {
  const blocks = items(data.SelectedMethods, 'No methods selected.', methodFacts);
  const prioritised = data.SelectedMethods.some((item) => item.Priority) || data.SelectedInstruments.some((item) => item.Priority);
  return prioritised && data.PriorityLegend ? [plain({ text: data.PriorityLegend, style: 'legend' }), ...blocks] : blocks;
}

/** Tables of the layout: rules between rows only, a shaded header row. */
const TABLE_LAYOUT: CustomTableLayout = {
  hLineWidth: (line: number) => (line === 0 ? 0 : 0.4),
  vLineWidth: () => 0,
  hLineColor: () => RULE,
  fillColor: (row: number) => (row === 0 ? HEADER_FILL : null),
  paddingLeft: () => CELL_PADDING,
  paddingRight: () => CELL_PADDING,
  paddingTop: () => 3,
  paddingBottom: () => 3,
};
/** A table cell's padding left and right: pdfmake adds it to the column's width. */
const CELL_PADDING = 4;
/** The width left for a table's '*' column beside columns of these widths (each column's padding counted). */
const restOfWidth = (...fixed: number[]) =>
  fixed.reduce((rest, width) => rest - width, CONTENT_WIDTH - 2 * CELL_PADDING * (fixed.length + 1));
/** A table header row: 9 pt at line height 1.25, and its padding and rule. */
const HEADER_ROW = 9 * 1.164 * 1.25 + 6 + 0.4;
/** DejaVu Sans's letters are about 0.6 em wide on average (a full-width CJK character counts twice). */
const EM_PER_LETTER = 0.6;

/**
 * The room a table's header and first row need under a heading: the
 * tallest cell of the first row decides. Each cell is given as its
 * paragraphs (each at least a line) and its width.
 */
function tableRoom(firstRow: Array<[paragraphs: string[], width: number]>): number {
  let lines = 1;
  let cjk = false;
  for (const [paragraphs, width] of firstRow) {
    const perLine = Math.max(1, Math.floor(width / (10 * EM_PER_LETTER)));
    let cellLines = 0;
    for (const paragraph of paragraphs) {
      let columns = 0;
      for (const char of paragraph) {
        const wide = hasCjk(char);
        cjk ||= wide;
        columns += wide ? 2 : 1;
      }
      cellLines += Math.max(1, Math.ceil(columns / perLine));
    }
    lines = Math.max(lines, cellLines);
  }
  return HEADER_ROW + lines * (cjk ? CJK_LINE : BODY_LINE) + 6 + 2;
}

const header = (...titles: string[]): TableCell[] => titles.map((title) => ({ text: title, style: 'tableHeader' }));

/** Which goal the selected methods, instruments and constructs measure: one row per goal, uncovered goals in bold and in words. */
function coverage(data: TemplateData, matrix: TemplateCoverage): Block[] {
  if (matrix.Rows.length === 0) {
    return [plain({ text: data.EvaluationGoals.length === 0 ? 'No goals selected.' : 'No coverage worked out yet.', style: 'muted' })];
  }
  const names = matrix.Columns.map((column) => column.Name);
  const widths = [130, '*', 84];
  const measuredWidth = restOfWidth(130, 84);
  const body: TableCell[][] = [header(PLAN_WORDS.goal, PLAN_WORDS.measuredBy, PLAN_WORDS.status)];
  let firstRow: Array<[string[], number]> | undefined;
  for (const row of matrix.Rows) {
    const measured = measuredByNames(names, row.MeasuredBy).join(', ');
    const what = [measured || (row.Covered ? '—' : PLAN_WORDS.nothingMeasures)];
    if (row.Covered) {
      body.push([row.Goal, what[0]!, PLAN_WORDS.covered]);
    } else {
      const suggestions = suggestionsText(row.Suggestions);
      if (suggestions) what.push(suggestions);
      body.push([
        { text: row.Goal, bold: true },
        { stack: [measured ? what[0]! : { text: what[0]!, style: 'muted' }, ...what.slice(1)] },
        { text: PLAN_WORDS.notCovered, style: 'alert' },
      ]);
    }
    firstRow ??= [
      [[row.Goal], 130],
      [what, measuredWidth],
    ];
  }
  const table: Content = {
    table: { headerRows: 1, keepWithHeaderRows: 1, dontBreakRows: true, widths, body },
    layout: TABLE_LAYOUT,
  };
  return [{ lead: [], body: [table], room: tableRoom(firstRow ?? []) }];
}

/** A figure for a cell: the words, or a dash where there is none. */
const orDash = (text: string): string => text || '—';

/** What the plan costs participants and researchers: a line per method and instrument, the totals, and whether it fits. */
function timeBudget(budget: TemplateTimeBudget): Block[] {
  if (budget.Lines.length === 0 && budget.Warnings.length === 0) {
    return [plain({ text: 'Nothing to estimate yet: no selected method or instrument has a known duration.', style: 'muted' })];
  }
  const widths = ['*', 130, 90];
  const body: TableCell[][] = [header(PLAN_WORDS.budgetItem, PLAN_WORDS.minutesPerParticipant, PLAN_WORDS.researcherHours)];
  for (const line of budget.Lines) {
    const hours =
      line.ResearcherHoursLow > 0 || line.ResearcherHoursHigh > 0 ? hoursText(line.ResearcherHoursLow, line.ResearcherHoursHigh) : '';
    body.push([
      line.Basis ? { stack: [line.Name, { text: line.Basis, style: 'small' }] } : line.Name,
      orDash(minutesOf(line.ParticipantMinutes)),
      orDash(hours),
    ]);
  }
  body.push([
    { text: PLAN_WORDS.total, bold: true },
    { text: orDash(minutesOf(budget.MinutesPerParticipant)), bold: true },
    { text: hoursText(budget.ResearcherHoursLow, budget.ResearcherHoursHigh), bold: true },
  ]);
  const content: Content[] = [
    { table: { headerRows: 1, keepWithHeaderRows: 1, dontBreakRows: true, widths, body }, layout: TABLE_LAYOUT, margin: [0, 0, 0, 6] },
  ];
  const participants = participantsText(budget.ParticipantsLow, budget.ParticipantsHigh);
  const researcher = span(budget.ResearcherHoursLow, budget.ResearcherHoursHigh);
  if (participants) {
    const participantHours = span(budget.ParticipantHoursLow, budget.ParticipantHoursHigh);
    content.push({ text: `For ${participants}: about ${participantHours} participant-hours and ${researcher} researcher hours.` });
  }
  if (budget.AvailableHours > 0) {
    content.push({ text: `The time available allows about ${span(budget.AvailableHours, budget.AvailableHours)} researcher hours.` });
  }
  for (const warning of budget.Warnings) {
    content.push({
      text: [
        { text: `${PLAN_WORDS.warning}: `, style: 'alert' },
        { text: warning, bold: true },
      ],
      margin: [0, 4, 0, 0],
    });
  }
  if (budget.Assumptions.length > 0) {
    content.push({ text: `${PLAN_WORDS.assumptions}:`, style: 'small', bold: true, margin: [0, 6, 0, 0] });
    content.push({ ul: budget.Assumptions, style: 'small', margin: [6, 0, 0, 0] });
  }
  const first = budget.Lines[0];
  const room = tableRoom(first ? [[first.Basis ? [first.Name, first.Basis] : [first.Name], restOfWidth(130, 90)]] : []);
  return [{ lead: [], body: content, room }];
}

/** The ethics and data protection checklist: why the plan has one, a box per question, and what it is not. */
function checklist(list: TemplateChecklist): Block[] {
  const content: Content[] = [{ text: checklistReasonsText(list.Reasons), margin: [0, 0, 0, 4] }];
  if (list.Items.length > 0) {
    const body: TableCell[][] = [];
    for (const item of list.Items) {
      body.push([
        { text: '☐', fontSize: 11 },
        { text: item.Topic ? [{ text: `${item.Topic}: `, bold: true }, item.Question] : item.Question },
      ]);
    }
    content.push({ table: { dontBreakRows: true, widths: [14, '*'], body }, layout: 'noBorders' });
  }
  if (list.Disclaimer) content.push({ text: list.Disclaimer, style: 'muted', fontSize: 9, margin: [0, 6, 0, 0] });
  return [plain(...content)];
}

/** The hanging indent of a reference list entry: its first line starts this far left of the others. */
const HANGING_INDENT = 18;
/** A DOI link up to this long is never broken (pdfmake would break it after "https://"): it fits on a line of its own. */
const UNBROKEN_LINK = 70;

/** A reference's DOI as a link, kept on one line where it fits on one. */
const doiLink = (doi: string): Content => ({ text: doi, link: doi, color: ACCENT, noWrap: doi.length <= UNBROKEN_LINK });

/** The reference list in APA 7 style: hanging indents, titles in italics, DOIs as links. */
function references(list: TemplateReference[]): Block[] {
  if (list.length === 0) return [plain({ text: 'No sources cited.', style: 'muted' })];
  const entries: Content[] = [];
  for (const reference of list) {
    const doi = reference.DoiUrl;
    const inlines: Content[] = [];
    let linked = doi === '';
    for (const run of reference.Runs) {
      // The entry's own DOI (APA 7 ends an entry with it) becomes a link where it stands.
      const text = !linked && run.Text.endsWith(doi) ? run.Text.slice(0, -doi.length) : run.Text;
      if (text) inlines.push(run.Italic ? { text, italics: true } : text);
      if (text !== run.Text) {
        inlines.push(doiLink(doi));
        linked = true;
      }
    }
    if (!linked) inlines.push(' ', doiLink(doi));
    // An entry is a few lines: kept whole, it never leaves one line on the next page.
    entries.push({ stack: [{ text: inlines, leadingIndent: -HANGING_INDENT }], margin: [HANGING_INDENT, 0, 0, 5], unbreakable: true });
  }
  return [plain(...entries)];
}

function customConstructs(data: TemplateData): Block[] {
  const blocks = data.CustomConstructs.map((construct): Block => ({
    lead: [{ text: construct.Name, style: 'itemName' }],
    body: [
      ...(construct.Description ? [construct.Description] : []),
      ...(construct.Goals.length > 0 ? [{ text: `Goals: ${construct.Goals.join(', ')}`, style: 'small' }] : []),
    ],
  }));
  const [first, ...rest] = blocks;
  if (first === undefined) return [];
  // The sub-heading leads the first construct, like a section heading.
  return [{ lead: [{ text: 'Custom constructs', bold: true, margin: [0, 10, 0, 0] }, ...first.lead], body: first.body }, ...rest];
}

/**
 * The built-in A4 layout of a plan: pdfmake's document definition, pure
 * data. The sections are PLAN_SECTIONS, in their order. templateData() gives
 * every plan a coverage, a time budget and references, empty or not; a plan
 * written by hand without them (a test's) gets no such section.
 */
export function builtInLayout(data: TemplateData): TDocumentDefinitions {
  const date = longDate(data.Date, data.TimeZone);
  return {
    pageSize: 'A4',
    pageMargins: PAGE_MARGINS,
    info: { title: data.Title, subject: 'Evaluation plan', creator: 'evalplan', producer: 'evalplan' },
    defaultStyle: { font: LAYOUT_FONT, fontSize: 10, lineHeight: 1.25 },
    styles,
    header: (currentPage) => (currentPage === 1 ? null : { text: data.Title, style: 'small', margin: [56, 28, 56, 0], alignment: 'right' }),
    footer: (currentPage, pageCount) => ({
      columns: [
        { text: `evalplan · ${date}`, style: 'small' },
        { text: `Page ${currentPage} of ${pageCount}`, style: 'small', alignment: 'right' },
      ],
      margin: [56, 20, 56, 0],
    }),
    content: [
      { text: data.Title, style: 'title' },
      { text: `Evaluation plan · ${date}`, style: 'subtitle' },
      ...section(PLAN_SECTIONS.context, [plain(contextTable(data))]),
      ...section(PLAN_SECTIONS.goals, goals(data)),
      ...(data.Coverage ? section(PLAN_SECTIONS.coverage, coverage(data, data.Coverage)) : []),
      ...research(data),
      ...section(PLAN_SECTIONS.methods, methods(data)),
      ...section(PLAN_SECTIONS.instruments, [
        ...items(data.SelectedInstruments, 'No instruments selected.', instrumentFacts),
        ...customConstructs(data),
      ]),
      ...(data.TimeBudget ? section(PLAN_SECTIONS.timeBudget, timeBudget(data.TimeBudget)) : []),
      ...(data.Checklist ? section(PLAN_SECTIONS.checklist, checklist(data.Checklist)) : []),
      ...section(PLAN_SECTIONS.nextSteps, [plain(numbered(data.NextSteps, 'No next steps yet.'))]),
      ...section(PLAN_SECTIONS.notes, [plain(data.Notes === '' ? { text: 'No notes.', style: 'muted' } : { text: data.Notes })]),
      ...(data.References ? section(PLAN_SECTIONS.references, references(data.References)) : []),
    ],
  };
}
