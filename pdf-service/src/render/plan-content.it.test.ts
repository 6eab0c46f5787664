import { execFile } from 'node:child_process';
import { loadCatalog } from '@evalplan/wizard-service/dist/catalog/catalog';
import { PlanDocumentBuilder } from '@evalplan/wizard-service/dist/domain/plan-document';
import { RecommendationEngine } from '@evalplan/wizard-service/dist/domain/recommendations';
import { PLAN_DOCUMENT } from '../../../test/fixtures/plan-document';
import { TYPICAL_PLANS } from '../../../test/fixtures/typical-plans';
import { PLAN_SECTIONS, PLAN_SECTION_ORDER, hoursText, itemsText, suggestionsText } from '../domain/plan-sections';
import { templateData, type TemplateData } from '../domain/template-data';
import { PAGE_MARGINS } from './built-in-layout';
import { PdfRenderPool } from './render-pool';

/**
 * What the built-in layout prints of a plan's coverage, time budget,
 * checklist, instrument facts and references, read back from the PDF with
 * pdftotext (poppler-utils): from the complete fixture, and from plans the
 * wizard's builder makes of the typical plans.
 */

const RENDERED_AT = new Date('2026-11-23T10:00:00Z');

async function pdftotext(pdf: Buffer, args: string[]): Promise<string> {
  const child = execFile('pdftotext', [...args, '-enc', 'UTF-8', '-', '-'], { maxBuffer: 32 * 1024 * 1024 });
  child.stdin!.end(pdf);
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  await new Promise((resolve) => child.on('close', resolve));
  return text;
}

/**
 * Text without whitespace or hyphens: a line may break anywhere, and
 * pdftotext joins a word hyphenated at a line's end ("self-" "determination").
 */
const squeezed = (text: string) => text.replace(/[\s-]+/g, '');

/** The text of every page's content area (the running header and the footer cut off), without whitespace. */
async function contentText(pdf: Buffer): Promise<string> {
  const [, top, , bottom] = PAGE_MARGINS;
  return squeezed(await pdftotext(pdf, ['-x', '0', '-y', String(top), '-W', '595', '-H', String(842 - top - bottom)]));
}

/** The sections a plan shows, in order: Research only with research, the checklist only when the plan has one. */
const sectionsOf = (data: TemplateData): string[] =>
  PLAN_SECTION_ORDER.filter((key) => (key !== 'research' || data.ResearchEnabled) && (key !== 'checklist' || data.Checklist)).map(
    (key) => PLAN_SECTIONS[key],
  );

/**
 * Each section's text (squeezed), found by looking for the titles one after
 * another: a title is searched for only after the one before it. A title
 * not found maps to undefined.
 */
function sectionTexts(text: string, titles: string[]): Map<string, string | undefined> {
  const starts: Array<[string, number]> = [];
  let from = 0;
  for (const title of titles) {
    const at = text.indexOf(squeezed(title), from);
    starts.push([title, at]);
    if (at >= 0) from = at + squeezed(title).length;
  }
  const sections = new Map<string, string | undefined>();
  starts.forEach(([title, at], index) => {
    const next = starts.slice(index + 1).find(([, start]) => start >= 0)?.[1] ?? text.length;
    sections.set(title, at < 0 ? undefined : text.slice(at + squeezed(title).length, next));
  });
  return sections;
}

/** The squeezed text between one name and the next (or the end) in a section's text. */
function after(section: string, name: string, nextName?: string): string {
  const start = section.indexOf(squeezed(name));
  if (start < 0) return '';
  const end = nextName === undefined ? -1 : section.indexOf(squeezed(nextName), start + 1);
  return section.slice(start, end < 0 ? undefined : end);
}

/**
 * The cells of a table row's first line as the page shows them (pdftotext
 * -layout puts two or more spaces between cells): the first line after the
 * section's heading that starts with `start`.
 */
async function rowCells(pdf: Buffer, sectionTitle: string, start: string): Promise<string[]> {
  const lines = (await pdftotext(pdf, ['-layout'])).split('\n').map((line) => line.trim());
  const row = lines.slice(lines.indexOf(sectionTitle)).find((line) => line.startsWith(start));
  return row === undefined ? [] : row.split(/\s{2,}/);
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe('the content of the built-in layout (the complete fixture)', () => {
  const pool = new PdfRenderPool(2);
  afterAll(() => pool.close());

  const data = templateData(PLAN_DOCUMENT, RENDERED_AT);
  let pdf: Buffer;
  let sections: Map<string, string | undefined>;
  beforeAll(async () => {
    pdf = await pool.render(data);
    sections = sectionTexts(await contentText(pdf), sectionsOf(data));
  });

  it('shows every section, in the order every rendering shares', () => {
    const missing = [...sections].filter(([, text]) => text === undefined).map(([title]) => title);
    expect(missing).toEqual([]);
    expect([...sections.keys()]).toEqual(Object.values(PLAN_SECTIONS));
  });

  it('shows the coverage table: each goal, covered or not, and what would cover the uncovered one', async () => {
    const coverage = sections.get(PLAN_SECTIONS.coverage)!;
    expect(coverage.startsWith('GoalMeasuredbyStatus')).toBe(true);
    for (const goal of ['Usability & Efficiency', 'Competence / Mastery', 'Engagement']) expect(coverage).toContain(squeezed(goal));
    expect(count(coverage, 'Notcovered')).toBe(1);
    expect(coverage).toContain(squeezed('Consider: PENS (Player Experience of Need Satisfaction), IMI (Intrinsic Motivation Inventory)'));
    // Laid out as on the page, each goal's status ends the row's first line.
    const status = async (goal: string) => (await rowCells(pdf, PLAN_SECTIONS.coverage, goal)).pop();
    expect(await status('Usability & Efficiency')).toBe('Covered');
    expect(await status('Competence / Mastery')).toBe('Not covered');
    expect(await status('Engagement')).toBe('Covered');
  });

  it('shows each instrument’s facts under it and each method’s session length and participants', () => {
    const instruments = sections.get(PLAN_SECTIONS.instruments)!;
    const sus = after(instruments, 'SUS (System Usability Scale)', 'UEQ (User Experience Questionnaire)');
    expect(sus).toContain(squeezed('10 items · 5-point Likert scale'));
    expect(sus).toContain(squeezed('2–3 min (estimate)'));
    expect(sus).toContain(squeezed('Measures: Perceived usability'));
    expect(sus).toContain(squeezed('Sources: Brooke, 1996'));
    expect(after(instruments, 'UEQ (User Experience Questionnaire)')).toContain(squeezed('26 items; UEQ-S: 8 items'));
    const methods = sections.get(PLAN_SECTIONS.methods)!;
    expect(methods).toContain(squeezed(PLAN_DOCUMENT.priorityLegend));
    expect(methods).toContain('SUGGESTEDFORENGAGEMENT');
    expect(after(methods, 'Think-aloud testing', 'Surveys & Questionnaires')).toContain(squeezed('Session length: 60–90 min (estimate)'));
    expect(after(methods, 'Think-aloud testing', 'Surveys & Questionnaires')).toContain(squeezed('Participants: About 5 participants'));
  });

  it('shows the time budget: a line per method and instrument, the totals and the warning', async () => {
    const budget = sections.get(PLAN_SECTIONS.timeBudget)!;
    expect(budget).toContain(squeezed('Think-aloud testing'));
    expect(await rowCells(pdf, PLAN_SECTIONS.timeBudget, 'Total')).toEqual(['Total', '65–98 min (estimate)', '10–45 h']);
    expect(budget).toContain(squeezed('For 10–30 participants: about 11–49 participant-hours and 10–45 researcher hours.'));
    expect(budget).toContain(squeezed('The time available allows about 20 researcher hours.'));
    expect(budget).toContain(squeezed(`Warning: ${PLAN_DOCUMENT.timeBudget!.warnings[0]}`));
    expect(budget).toContain(squeezed('Each participant answers every questionnaire once.'));
  });

  it('shows the checklist: why, a box and each question, and the disclaimer', () => {
    const checklist = sections.get(PLAN_SECTIONS.checklist)!;
    expect(checklist).toContain(squeezed('Because research is enabled and the participants include a sensitive population'));
    for (const { topic, question } of PLAN_DOCUMENT.checklist!.items) expect(checklist).toContain(squeezed(`☐ ${topic}: ${question}`));
    expect(checklist).toContain(squeezed(PLAN_DOCUMENT.checklist!.disclaimer));
  });

  it('ends with the references, each entry whole', () => {
    const references = sections.get(PLAN_SECTIONS.references)!;
    for (const { text } of PLAN_DOCUMENT.references) expect(references).toContain(squeezed(text));
    expect(references.indexOf('Brooke,J.(1996)')).toBe(0);
  });
});

describe('the content of the built-in layout (plans the wizard builds)', () => {
  const pool = new PdfRenderPool(2);
  afterAll(() => pool.close());

  const { catalog, rules } = loadCatalog();
  const builder = new PlanDocumentBuilder(catalog, new RecommendationEngine(catalog, rules));

  it.each(Object.keys(TYPICAL_PLANS) as Array<keyof typeof TYPICAL_PLANS>)(
    'shows the coverage, time budget, checklist, instrument facts and references of the %s plan',
    async (name) => {
      const { steps, project } = TYPICAL_PLANS[name];
      const data = templateData(builder.build(steps, project), RENDERED_AT);
      const sections = sectionTexts(await contentText(await pool.render(data)), sectionsOf(data));
      const missing = [...sections].filter(([, text]) => text === undefined).map(([title]) => title);
      expect(missing).toEqual([]);

      // A row per goal; "Not covered" once per uncovered goal, with what would cover it.
      const coverage = sections.get(PLAN_SECTIONS.coverage)!;
      expect(data.Coverage!.Rows.map((row) => row.Goal)).toEqual(data.EvaluationGoals);
      for (const goal of data.EvaluationGoals) expect(coverage).toContain(squeezed(goal));
      expect(count(coverage, 'Notcovered')).toBe(data.Coverage!.UncoveredGoals.length);
      for (const row of data.Coverage!.Rows.filter((row) => row.Suggestions.length > 0)) {
        expect(coverage).toContain(squeezed(suggestionsText(row.Suggestions)));
      }

      // Every selected catalog method and instrument costs something; the totals are printed.
      const budget = data.TimeBudget!;
      expect(budget.Lines.length).toBeGreaterThan(0);
      const budgetText = sections.get(PLAN_SECTIONS.timeBudget)!;
      expect(budgetText).toContain(squeezed(hoursText(budget.ResearcherHoursLow, budget.ResearcherHoursHigh)));
      for (const warning of budget.Warnings) expect(budgetText).toContain(squeezed(`Warning: ${warning}`));

      // Research or a sensitive population asks for the checklist; the short plan has neither.
      const wantsChecklist = data.ResearchEnabled || data.ExtraConstraints.includes('Sensitive population');
      expect(data.Checklist !== null).toBe(wantsChecklist);
      if (data.Checklist) {
        expect(data.Checklist.Items.length).toBeGreaterThan(0);
        expect(sections.get(PLAN_SECTIONS.checklist)).toContain(squeezed(data.Checklist.Items[0]!.Question));
      }

      // Each instrument the catalog knows shows its item count under its name.
      const instruments = sections.get(PLAN_SECTIONS.instruments)!;
      const names = data.SelectedInstruments.map((item) => item.Name);
      data.SelectedInstruments.forEach((item, index) => {
        const items = itemsText(item.Items?.map(({ Version, Count, Detail }) => ({ version: Version, count: Count, detail: Detail })));
        if (items) expect(after(instruments, item.Name, names[index + 1])).toContain(squeezed(items));
      });
      if (name === 'typical') {
        const sus = data.SelectedInstruments.find((item) => item.Id === 'sus');
        expect(sus?.Items).toEqual([{ Version: '', Count: 10, Detail: '' }]);
        expect(after(instruments, sus!.Name, names[names.indexOf(sus!.Name) + 1])).toContain('10items');
      }

      // Every source cited is in the reference list, Brooke's SUS chapter among them for the typical plan.
      const references = data.References!;
      expect(references.length).toBeGreaterThan(0);
      const cited = new Set(references.map((reference) => reference.Citation));
      for (const item of [...data.SelectedMethods, ...data.SelectedInstruments])
        for (const cite of item.Cites ?? []) expect(cited).toContain(cite);
      const referenceText = sections.get(PLAN_SECTIONS.references)!;
      for (const { Text } of references) expect(referenceText).toContain(squeezed(Text));
      if (name === 'typical') expect(referenceText).toContain(squeezed('Brooke, J. (1996)'));
    },
  );
});

describe('the coverage table across pages', () => {
  const pool = new PdfRenderPool(1);
  afterAll(() => pool.close());

  it('repeats its header on every page it runs onto, and never splits a goal’s row', async () => {
    const goals = Array.from({ length: 60 }, (_, index) => `Goal ${index + 1}`);
    const rows = goals.map((goal, index) => ({ goal, measuredBy: [index % 2 === 0], covered: index % 2 === 0, suggestions: [] }));
    const data = templateData(
      {
        ...PLAN_DOCUMENT,
        evaluationGoals: goals,
        goalsByCategory: [{ category: 'Other goals', goals: goals.slice(0, 3) }],
        coverage: { columns: [{ kind: 'method', id: 'think-aloud', name: 'Think-aloud testing' }], rows, uncoveredGoals: [] },
      },
      RENDERED_AT,
    );
    const pages = (await pdftotext(await pool.render(data), ['-layout'])).split('\f').map((page) => page.split('\n'));
    const rowLine = /^\s*Goal (\d+)\s/;
    const withRows = pages.filter((lines) => lines.some((line) => rowLine.test(line)));
    expect(withRows.length).toBeGreaterThan(1);
    const seen: number[] = [];
    for (const lines of withRows) {
      // The header comes before the page's first row.
      const header = lines.findIndex((line) => /^\s*Goal\s+Measured by\s+Status\s*$/.test(line));
      expect(header).toBeGreaterThanOrEqual(0);
      expect(header).toBeLessThan(lines.findIndex((line) => rowLine.test(line)));
      // Each row whole: its goal and its status on one line.
      for (const line of lines.filter((text) => rowLine.test(text))) {
        expect(line).toMatch(/(Covered|Not covered)\s*$/);
        seen.push(Number(rowLine.exec(line)![1]));
      }
    }
    expect(seen).toEqual(goals.map((_, index) => index + 1));
  });
});
