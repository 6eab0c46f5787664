import type { TemplateData, TemplateItem } from '../domain/template-data';
import type { Content, StyleDictionary, TDocumentDefinitions } from 'pdfmake/interfaces';

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
/** What must fit under a heading on its page: two lines of what follows, and the 2 pt some blocks open with. */
const FIRST_LINES = 2 * BODY_LINE + 2;

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
 * FIRST_LINES of empty space under it, and the body is pulled up into that
 * space: the lead moves to the next page unless two lines of its body fit too.
 */
function flow(blocks: Block[]): Content[] {
  return blocks.flatMap(({ lead, body }): Content[] => {
    if (lead.length === 0) return body;
    return [
      { stack: [{ stack: lead, margin: [0, 0, 0, FIRST_LINES] }], unbreakable: true },
      { stack: body, margin: [0, -FIRST_LINES, 0, 0] },
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
  return {
    table: {
      // A label never stands on one page with its value on the next.
      dontBreakRows: true,
      widths: [130, '*'],
      body: rows
        // A project description is shown only where there is one (sessions never have one).
        .filter(([label, value]) => label !== 'Project description' || value !== '')
        .map(([label, value]) => [{ text: label, style: 'label' }, orNotSpecified(value)]),
    },
    layout: {
      hLineWidth: () => 0.4,
      vLineWidth: () => 0,
      hLineColor: () => RULE,
      paddingTop: () => 4,
      paddingBottom: () => 4,
    },
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
