import type { TemplateData, TemplateItem } from '../domain/template-data';
import type { Content, StyleDictionary, TDocumentDefinitions } from 'pdfmake/interfaces';
import { hasCjk } from './cjk';

/** Left, top, right and bottom, in points: the header and footer are drawn inside the top and bottom margins. */
export const PAGE_MARGINS: [number, number, number, number] = [56, 64, 56, 56];

/** The family registered by the render worker (DejaVu Sans: Latin, Greek, Cyrillic, Hebrew, Arabic, Georgian, Armenian …). */
export const LAYOUT_FONT = 'DejaVuSans';

const ACCENT = '#1f4e79';
const MUTED = '#5f6b76';
const RULE = '#c9d3dd';
const NOT_SPECIFIED = 'Not specified';

const styles: StyleDictionary = {
  title: { fontSize: 22, bold: true, color: ACCENT, margin: [0, 0, 0, 4] },
  subtitle: { fontSize: 10, color: MUTED, margin: [0, 0, 0, 14] },
  section: { fontSize: 13, bold: true, color: ACCENT, margin: [0, 16, 0, 2] },
  itemName: { fontSize: 11, bold: true, margin: [0, 8, 0, 1] },
  label: { bold: true, color: MUTED, fontSize: 9 },
  muted: { color: MUTED, italics: true },
  small: { fontSize: 9, color: MUTED },
  priority: { fontSize: 8, bold: true, color: '#ffffff' },
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
  return blocks.flatMap(({ lead, body }): Content[] => {
    if (lead.length === 0) return body;
    // The body is plain data (text, lists, tables): its serialised form holds all of its text.
    const room = firstLines(hasCjk(JSON.stringify(body)) ? CJK_LINE : BODY_LINE);
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
    { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 483, y2: 0, lineWidth: 0.6, lineColor: RULE }], margin: [0, 0, 0, 6] },
  ];
  const [first = plain(), ...rest] = blocks;
  return flow([{ lead: [...heading, ...first.lead], body: first.body }, ...rest]);
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
  return section('Research', [
    { lead: [{ text: 'Objective', style: 'label' }], body: [{ text: orNotSpecified(data.ResearchObjective), margin: [0, 1, 0, 6] }] },
    { lead: [{ text: 'Research questions', style: 'label' }], body: [numbered(data.ResearchQuestions, 'None yet.')] },
    { lead: [{ text: 'Hypotheses', style: 'label', margin: [0, 4, 0, 0] }], body: [numbered(data.Hypotheses, 'None yet.')] },
  ]);
}

function planItem(item: TemplateItem): Block {
  const heading: Content = item.Priority
    ? {
        columns: [
          { text: item.Name, style: 'itemName', width: '*' },
          {
            width: 'auto',
            margin: [0, 8, 0, 0],
            table: { body: [[{ text: item.Priority.toUpperCase(), style: 'priority', fillColor: ACCENT }]] },
            layout: 'noBorders',
          },
        ],
      }
    : { text: item.Name, style: 'itemName' };
  const body: Content[] = [];
  if (item.Description) body.push({ text: item.Description });
  if (item.Rationale) body.push({ text: [{ text: 'Why it fits: ', bold: true }, item.Rationale], margin: [0, 2, 0, 0] });
  if (!item.Description && !item.Rationale) body.push({ text: 'Added by you; not in our catalog.', style: 'small' });
  return { lead: [heading], body };
}

function items(list: TemplateItem[], empty: string): Block[] {
  return list.length === 0 ? [plain({ text: empty, style: 'muted' })] : list.map(planItem);
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

/** The built-in A4 layout of a plan: pdfmake's document definition, pure data. */
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
      ...section('Context', [plain(contextTable(data))]),
      ...section('Evaluation goals', goals(data)),
      ...research(data),
      ...section('Methods', items(data.SelectedMethods, 'No methods selected.')),
      ...section('Instruments', [...items(data.SelectedInstruments, 'No instruments selected.'), ...customConstructs(data)]),
      ...section('Next steps', [plain(numbered(data.NextSteps, 'No next steps yet.'))]),
      ...section('Notes', [plain(data.Notes === '' ? { text: 'No notes.', style: 'muted' } : { text: data.Notes })]),
    ],
  };
}
