import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PLAN_DOCUMENT } from '../../../test/fixtures/plan-document';
import { PLAN_SECTIONS, PLAN_SECTION_ORDER } from '../domain/plan-sections';
import { templateData, type TemplateData } from '../domain/template-data';
import { builtInLayout, longDate } from './built-in-layout';

describe('the built-in layout’s dates', () => {
  it('shows the day in the plan’s time zone, UTC when none is given', () => {
    // 23:30 UTC is already the next day in Tokyo and still the same day in New York.
    expect(longDate('2026-11-23T23:30:00.000Z')).toBe('23 November 2026');
    expect(longDate('2026-11-23T23:30:00.000Z', 'Asia/Tokyo')).toBe('24 November 2026');
    expect(longDate('2026-11-24T03:00:00.000Z', 'America/New_York')).toBe('23 November 2026');
  });

  it('shows a value that is no date as it is', () => {
    expect(longDate('not a date', 'Europe/Berlin')).toBe('not a date');
  });
});

/** A plan with only its notes filled in. */
const notesOnly = (Notes: string): TemplateData => ({
  Title: 'Plan',
  Date: '2026-11-23T10:00:00.000Z',
  EvaluationGoals: [],
  ProjectType: '',
  Participants: '',
  DevelopmentStage: '',
  Accessibility: '',
  TimeConstraint: '',
  ExtraConstraints: [],
  ResearchEnabled: false,
  ResearchObjective: '',
  ResearchQuestions: [],
  Hypotheses: [],
  SelectedMethods: [],
  SelectedInstruments: [],
  NextSteps: [],
  Notes,
  Description: '',
  GoalsByCategory: [],
  CustomConstructs: [],
});

/** The room kept free under the "Notes" heading for the first lines of the notes. */
function roomUnderNotes(data: TemplateData): number {
  const content = builtInLayout(data).content as Array<{ stack?: Array<{ stack?: Array<{ text?: unknown }>; margin?: number[] }> }>;
  const lead = content.find((node) => node.stack?.[0]?.stack?.[0]?.text === 'Notes');
  return lead!.stack![0]!.margin![3]!;
}

/** A line of 10 pt text at line height 1.25 in Noto Sans SC, from the font file's own ascent and descent. */
function cjkLineHeight(): number {
  const pdfkitEntry = require.resolve('pdfkit', { paths: [path.dirname(require.resolve('pdfmake'))] });
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the fontkit pdfkit measures lines with
  const fontkit = require(require.resolve('fontkit', { paths: [path.dirname(pdfkitEntry)] })) as {
    create(buffer: Uint8Array): { ascent: number; descent: number; unitsPerEm: number };
  };
  const folder = path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
  const font = fontkit.create(readFileSync(path.join(folder, '400Regular', 'NotoSansSC_400Regular.ttf')));
  return ((font.ascent - font.descent) / font.unitsPerEm) * 10 * 1.25;
}

describe('the room a heading keeps for the first lines under it', () => {
  it('is two lines of the text that follows: taller for Chinese, Japanese or Korean', () => {
    const latin = roomUnderNotes(notesOnly('Book the lab.'));
    const cjk = roomUnderNotes(notesOnly('实验室已预订。'));
    expect(latin).toBeCloseTo(2 * 14.6 + 2, 1);
    expect(cjk).toBeGreaterThanOrEqual(2 * cjkLineHeight() + 2 - 0.05);
  });
});

const FIXTURE = templateData(PLAN_DOCUMENT, new Date('2026-11-23T10:00:00Z'));

/** Every node of a definition's content, depth first (tables' cells, stacks, columns, lists and inlines included). */
function nodesOf(content: unknown): Array<Record<string, unknown>> {
  const found: Array<Record<string, unknown>> = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    found.push(record);
    for (const key of ['stack', 'columns', 'ul', 'ol', 'text']) visit(record[key]);
    const table = record.table as { body?: unknown } | undefined;
    if (table) visit(table.body);
  };
  visit(content);
  return found;
}

/** All the text of a node, its inlines and children joined. */
function textOf(node: unknown): string {
  if (typeof node === 'string') return node;
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (typeof node !== 'object' || node === null) return '';
  const record = node as Record<string, unknown>;
  if ('text' in record) return textOf(record.text);
  const table = record.table as { body?: unknown[] } | undefined;
  // Blocks (a stack's paragraphs, a table's rows) are joined with a space, inlines without.
  const blocks = [record.stack, record.columns, record.ul, record.ol, table?.body].flatMap((part) => (Array.isArray(part) ? part : [part]));
  return blocks
    .map(textOf)
    .filter((text) => text !== '')
    .join(' ');
}

/** The table whose header row starts with `first`. */
const tableHeaded = (data: TemplateData, first: string) =>
  nodesOf(builtInLayout(data).content).find(
    (node) => node.table !== undefined && textOf((node.table as { body: unknown[][] }).body[0]?.[0]) === first,
  )!;

/** The section titles in the order the layout shows them. */
const sectionTitles = (data: TemplateData) =>
  nodesOf(builtInLayout(data).content)
    .filter((node) => node.style === 'section')
    .map((node) => node.text);

describe('the built-in layout’s sections', () => {
  it('shows every section of a complete plan, in the order every rendering shares', () => {
    expect(sectionTitles(FIXTURE)).toEqual(PLAN_SECTION_ORDER.map((key) => PLAN_SECTIONS[key]));
  });

  it('leaves the checklist out when the plan has none', () => {
    expect(sectionTitles({ ...FIXTURE, Checklist: null })).toEqual(
      PLAN_SECTION_ORDER.filter((key) => key !== 'checklist').map((key) => PLAN_SECTIONS[key]),
    );
  });

  it('shows empty parts as empty, and lays out a plan written by hand without them', () => {
    const empty = templateData(
      { ...PLAN_DOCUMENT, coverage: null, timeBudget: null, checklist: null, references: [], evaluationGoals: [] },
      new Date(0),
    );
    const text = textOf(builtInLayout(empty).content);
    expect(text).toMatch(/Goal coverage ?No goals selected\./);
    expect(text).toMatch(/Time budget ?Nothing to estimate yet/);
    expect(text).toMatch(/References ?No sources cited\.$/);
    expect(sectionTitles(notesOnly('Book the lab.'))).toEqual([
      'Context',
      'Evaluation goals',
      'Methods',
      'Instruments',
      'Next steps',
      'Notes',
    ]);
  });
});

describe('the goal coverage table', () => {
  const table = () => tableHeaded(FIXTURE, 'Goal');

  it('repeats its header row on each page and never splits a row', () => {
    expect(table().table).toMatchObject({ headerRows: 1, keepWithHeaderRows: 1, dontBreakRows: true });
  });

  it('names what measures each goal, and says in bold words which goal nothing measures and what would', () => {
    const rows = (table().table as { body: unknown[][] }).body;
    expect(rows.map((row) => textOf(row[0]))).toEqual(['Goal', 'Usability & Efficiency', 'Competence / Mastery', 'Engagement']);
    expect(textOf(rows[1]![1])).toBe('Think-aloud testing, SUS (System Usability Scale), UEQ (User Experience Questionnaire)');
    expect(textOf(rows[1]![2])).toBe('Covered');
    expect(rows[2]![0]).toMatchObject({ bold: true });
    expect(rows[2]![2]).toEqual({ text: 'Not covered', style: 'alert' });
    expect(textOf(rows[2]![1])).toContain('Consider: PENS (Player Experience of Need Satisfaction), IMI');
    expect(textOf(rows[3]![1])).toBe('Think-aloud testing, Sense of progress');
  });

  it('fits the page’s width: one column takes what the fixed ones leave', () => {
    expect((table().table as { widths: unknown[] }).widths).toEqual([130, '*', 84]);
  });
});

describe('methods and instruments', () => {
  const text = () => textOf(builtInLayout(FIXTURE).content);

  it('shows each instrument’s facts and sources, and each method’s session length and participants', () => {
    expect(text()).toContain('10 items · 5-point Likert scale (strongly disagree – strongly agree) · 2–3 min (estimate)');
    expect(text()).toContain('Measures: Perceived usability · Licence: Made freely available by its author. · Sources: Brooke, 1996');
    expect(text()).toContain('26 items; UEQ-S: 8 items · 7-point semantic differential · 3–5 min');
    expect(text()).toContain('Session length: 60–90 min (estimate) · Sources: Ericsson & Simon, 1993; Nielsen & Landauer, 1993');
    expect(text()).toContain('Participants: About 5 participants find most problems');
  });

  it('labels priorities in words and explains them under the Methods heading', () => {
    const badges = nodesOf(builtInLayout(FIXTURE).content)
      .filter((node) => node.style === 'priority')
      .map((node) => node.text);
    expect(badges).toEqual(['RECOMMENDED', 'SUGGESTED FOR ENGAGEMENT', 'SUGGESTED FOR ENGAGEMENT']);
    const legend = nodesOf(builtInLayout(FIXTURE).content).find((node) => node.style === 'legend');
    expect(legend?.text).toBe(FIXTURE.PriorityLegend);
  });

  it('shows no legend when nothing has a priority', () => {
    const unprioritised = (items: TemplateData['SelectedMethods']) => items.map((item) => ({ ...item, Priority: '', PriorityLabel: '' }));
    const data = {
      ...FIXTURE,
      SelectedMethods: unprioritised(FIXTURE.SelectedMethods),
      SelectedInstruments: unprioritised(FIXTURE.SelectedInstruments),
    };
    expect(nodesOf(builtInLayout(data).content).some((node) => node.style === 'legend')).toBe(false);
  });
});

describe('the time budget, checklist and references', () => {
  const nodes = () => nodesOf(builtInLayout(FIXTURE).content);

  it('tabulates the budget with its totals, warns in bold words and keeps the assumptions small', () => {
    const table = tableHeaded(FIXTURE, 'Method or instrument');
    expect(table.table).toMatchObject({ headerRows: 1, dontBreakRows: true });
    const rows = (table.table as { body: unknown[][] }).body;
    expect(rows.map((row) => row.map(textOf))).toEqual([
      ['Method or instrument', 'Minutes per participant', 'Researcher hours'],
      ['Think-aloud testing one moderated session per participant', '60–90 min (estimate)', '10–45 h'],
      ['SUS (System Usability Scale) answered without a researcher', '2–3 min (estimate)', '—'],
      ['UEQ (User Experience Questionnaire) answered without a researcher', '3–5 min', '—'],
      ['Total', '65–98 min (estimate)', '10–45 h'],
    ]);
    const text = textOf(builtInLayout(FIXTURE).content);
    expect(text).toContain('For 10–30 participants: about 11–49 participant-hours and 10–45 researcher hours.');
    expect(text).toContain('The time available allows about 20 researcher hours.');
    const warning = nodes().find((node) => textOf(node).startsWith('Warning: With 30 participants'))!;
    expect(warning.text).toEqual([
      { text: 'Warning: ', style: 'alert' },
      { text: expect.stringContaining('about 45 researcher hours'), bold: true },
    ]);
    expect(nodes().find((node) => Array.isArray(node.ul) && textOf(node).includes('Each participant answers'))).toMatchObject({
      style: 'small',
    });
  });

  it('gives each checklist question a box, with the reasons before and the disclaimer after', () => {
    const text = textOf(builtInLayout(FIXTURE).content);
    expect(text).toContain('Because research is enabled and the participants include a sensitive population, work through');
    expect(text).toContain('☐Consent: How will each participant');
    expect(text).toContain('☐Right to withdraw: How can participants stop');
    expect(text).toContain('not legal advice.');
  });

  it('sets references with a hanging indent and their titles in italics, each kept whole', () => {
    const entries = nodes().filter((node) => node.unbreakable === true && textOf(node).includes('(1996)'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ margin: [18, 0, 0, 5] });
    const [paragraph] = entries[0]!.stack as Array<{ text: unknown[]; leadingIndent: number }>;
    expect(paragraph!.leadingIndent).toBe(-18);
    expect(paragraph!.text).toContainEqual({ text: 'Usability evaluation in industry', italics: true });
  });

  it('links a reference’s DOI, unbroken, where the entry ends with it or after the entry', () => {
    const doi = 'https://doi.org/10.1080/10447310802205776';
    const reference = (runs: Array<{ Text: string; Italic: boolean }>) => ({
      ...FIXTURE,
      References: [{ Key: 'k', Citation: 'Bangor et al., 2008', Text: runs.map((run) => run.Text).join(''), Runs: runs, DoiUrl: doi }],
    });
    const link = (data: TemplateData) => nodesOf(builtInLayout(data).content).filter((node) => node.link === doi);
    const ending = reference([
      { Text: 'Bangor, A. (2008). An empirical evaluation. ', Italic: false },
      { Text: 'Journal', Italic: true },
      { Text: `, 24(6). ${doi}`, Italic: false },
    ]);
    // One line: broken, it would end a line with "https://".
    expect(link(ending)).toEqual([{ text: doi, link: doi, color: expect.any(String), noWrap: true }]);
    expect(textOf(builtInLayout(ending).content)).toContain(`Journal, 24(6). ${doi}`);
    const without = reference([{ Text: 'Bangor, A. (2008). An empirical evaluation.', Italic: false }]);
    expect(link(without)).toHaveLength(1);
    expect(textOf(builtInLayout(without).content)).toContain(`evaluation. ${doi}`);
  });
});
