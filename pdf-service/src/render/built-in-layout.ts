import type { TemplateData, TemplateItem } from '../domain/template-data';
import type { Content, StyleDictionary, TDocumentDefinitions } from 'pdfmake/interfaces';

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

/** Long dates without locale data surprises: "23 November 2026" (UTC). */
export function longDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

const orNotSpecified = (value: string): Content => (value === '' ? { text: NOT_SPECIFIED, style: 'muted' } : value);

/** A titled section; the heading is kept on one page with the section's first block, never left alone at a page's foot. */
function section(title: string, body: Content[]): Content[] {
  const [first, ...rest] = body;
  const heading: Content[] = [
    { text: title, style: 'section' },
    { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 483, y2: 0, lineWidth: 0.6, lineColor: RULE }], margin: [0, 0, 0, 6] },
  ];
  return [{ stack: first === undefined ? heading : [...heading, first], unbreakable: true }, ...rest];
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

function goals(data: TemplateData): Content[] {
  if (data.GoalsByCategory.length === 0) return [{ text: 'No goals selected.', style: 'muted' }];
  return data.GoalsByCategory.map((group): Content => ({
    stack: [
      { text: group.Category, bold: true, margin: [0, 6, 0, 2] },
      { ul: group.Goals, margin: [8, 0, 0, 0] },
    ],
    unbreakable: true,
  }));
}

function numbered(list: string[], empty: string): Content {
  return list.length === 0 ? { text: empty, style: 'muted' } : { ol: list, margin: [4, 2, 0, 4] };
}

function research(data: TemplateData): Content[] {
  if (!data.ResearchEnabled) return [];
  return section('Research', [
    {
      stack: [
        { text: 'Objective', style: 'label' },
        { text: orNotSpecified(data.ResearchObjective), margin: [0, 1, 0, 6] },
      ],
    },
    { text: 'Research questions', style: 'label' },
    numbered(data.ResearchQuestions, 'None yet.'),
    { text: 'Hypotheses', style: 'label', margin: [0, 4, 0, 0] },
    numbered(data.Hypotheses, 'None yet.'),
  ]);
}

function planItem(item: TemplateItem): Content[] {
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
  const body: Content[] = [heading];
  if (item.Description) body.push({ text: item.Description });
  if (item.Rationale) body.push({ text: [{ text: 'Why it fits: ', bold: true }, item.Rationale], margin: [0, 2, 0, 0] });
  if (!item.Description && !item.Rationale) body.push({ text: 'Added by you; not in our catalog.', style: 'small' });
  return [{ stack: body, unbreakable: true }];
}

function items(list: TemplateItem[], empty: string): Content[] {
  return list.length === 0 ? [{ text: empty, style: 'muted' }] : list.flatMap(planItem);
}

function customConstructs(data: TemplateData): Content[] {
  const [first, ...rest] = data.CustomConstructs.map((construct): Content[] => [
    { text: construct.Name, style: 'itemName' },
    ...(construct.Description ? [construct.Description] : []),
    ...(construct.Goals.length > 0 ? [{ text: `Goals: ${construct.Goals.join(', ')}`, style: 'small' }] : []),
  ]);
  if (first === undefined) return [];
  // The sub-heading travels with the first construct, like a section heading.
  return [
    { stack: [{ text: 'Custom constructs', bold: true, margin: [0, 10, 0, 0] }, ...first], unbreakable: true },
    ...rest.map((construct): Content => ({ stack: construct, unbreakable: true })),
  ];
}

/** The built-in A4 layout of a plan: pdfmake's document definition, pure data. */
export function builtInLayout(data: TemplateData): TDocumentDefinitions {
  const date = longDate(data.Date);
  return {
    pageSize: 'A4',
    pageMargins: [56, 64, 56, 56],
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
      ...section('Context', [contextTable(data)]),
      ...section('Evaluation goals', goals(data)),
      ...research(data),
      ...section('Methods', items(data.SelectedMethods, 'No methods selected.')),
      ...section('Instruments', [...items(data.SelectedInstruments, 'No instruments selected.'), ...customConstructs(data)]),
      ...section('Next steps', [numbered(data.NextSteps, 'No next steps yet.')]),
      ...section('Notes', [data.Notes === '' ? { text: 'No notes.', style: 'muted' } : { text: data.Notes }]),
    ],
  };
}
