import { execFile } from 'node:child_process';
import { loadCatalog } from '@evalplan/wizard-service/dist/catalog/catalog';
import { PlanDocumentBuilder } from '@evalplan/wizard-service/dist/domain/plan-document';
import { RecommendationEngine } from '@evalplan/wizard-service/dist/domain/recommendations';
import { FOUR_GOALS_PLAN, TALL_ROWS_PLAN, TYPICAL_PLANS, type TypicalPlan } from '../../../test/fixtures/typical-plans';
import { blankShares } from '../../../test/helpers/page-blankness';
import { PLAN_SECTIONS } from '../domain/plan-sections';
import { templateData, type TemplateData } from '../domain/template-data';
import { PAGE_MARGINS } from './built-in-layout';
import { PdfRenderPool } from './render-pool';

/** A page other than the last may leave at most this share of its content area blank at its foot. */
const MOST_BLANK = 0.4;
const RENDERED_AT = new Date('2026-11-23T10:00:00Z');

const { catalog, rules } = loadCatalog();
const builder = new PlanDocumentBuilder(catalog, new RecommendationEngine(catalog, rules));

/** The plan as pdf-service receives it from wizard-service. */
const planData = ({ steps, project }: TypicalPlan): TemplateData => templateData(builder.build(steps, project), RENDERED_AT);

/** Every heading of a plan: section titles, sub-headings, goal categories, method, instrument and construct names. */
function headingsOf(data: TemplateData): Set<string> {
  return new Set([
    ...Object.values(PLAN_SECTIONS),
    ...['Objective', 'Research questions', 'Hypotheses', 'Custom constructs'],
    ...data.GoalsByCategory.map((group) => group.Category),
    ...[...data.SelectedMethods, ...data.SelectedInstruments].map((item) => item.Name),
    ...data.CustomConstructs.map((construct) => construct.Name),
  ]);
}

/** The words of the priority badges, which trail their item's name on its line ("RECOMMENDED", "SUGGESTED FOR ENGAGEMENT"). */
const badgesOf = (data: TemplateData): string[] =>
  [...data.SelectedMethods, ...data.SelectedInstruments].map((item) => (item.PriorityLabel || item.Priority).toUpperCase()).filter(Boolean);

/** The last line of text above the footer on each page, as pdftotext lays it out, a priority badge cut off its item's name. */
async function lastLinesOfPages(pdf: Buffer, badges: string[]): Promise<string[]> {
  const child = execFile('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-']);
  child.stdin!.end(pdf);
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  await new Promise((resolve) => child.on('close', resolve));
  return text
    .split('\f')
    .map((page) => page.split('\n').filter((line) => line.trim() !== ''))
    .filter((lines) => lines.length > 0)
    .map((lines) => {
      const line = lines[lines.length - 2]!.trim();
      const badge = badges.find((words) => line.endsWith(words) && /\S\s{2,}$/.test(line.slice(0, -words.length)));
      return badge === undefined ? line : line.slice(0, -badge.length).trimEnd();
    });
}

/** The text of every page's content area (header and footer cut off), without any whitespace: lines may break anywhere. */
async function contentText(pdf: Buffer): Promise<string> {
  const [, top, , bottom] = PAGE_MARGINS;
  const area = ['-x', '0', '-y', String(top), '-W', '595', '-H', String(842 - top - bottom)];
  const child = execFile('pdftotext', [...area, '-enc', 'UTF-8', '-', '-'], { maxBuffer: 32 * 1024 * 1024 });
  child.stdin!.end(pdf);
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  await new Promise((resolve) => child.on('close', resolve));
  return text.replace(/\s+/g, '');
}

/** What the context table shows: each value must be found whole, in order, in the content area. */
const contextValues = (data: TemplateData) =>
  [data.Description, data.ProjectType, data.Participants, data.DevelopmentStage, data.Accessibility, data.TimeConstraint]
    .concat(data.ExtraConstraints.join(', '))
    .filter((value) => value !== '');

const PLANS: Record<string, TypicalPlan> = {
  ...TYPICAL_PLANS,
  'four goals, two methods, five instruments': FOUR_GOALS_PLAN,
  'tall rows': TALL_ROWS_PLAN,
};

describe('the built-in layout fills its pages', () => {
  const pool = new PdfRenderPool(2);
  afterAll(() => pool.close());

  it.each(Object.keys(PLANS))(
    'shows every context value, leaves no page but the last more than 40 %% blank, and no heading at a page foot (%s plan)',
    async (name) => {
      const data = planData(PLANS[name]!);
      const pdf = await pool.render(data);

      const text = await contentText(pdf);
      const missing = contextValues(data).filter((value) => !text.includes(value.replace(/\s+/g, '')));
      expect(missing).toEqual([]);

      const shares = await blankShares(pdf, { top: PAGE_MARGINS[1], bottom: PAGE_MARGINS[3] });
      expect(shares.length).toBeGreaterThan(1);
      const tooBlank = shares
        .slice(0, -1)
        .map((share, index) => ({ page: index + 1, blank: `${Math.round(share * 100)} %` }))
        .filter((_, index) => shares[index]! > MOST_BLANK);
      expect(tooBlank).toEqual([]);

      const headings = headingsOf(data);
      const orphans = (await lastLinesOfPages(pdf, badgesOf(data))).slice(0, -1).filter((line) => headings.has(line));
      expect(orphans).toEqual([]);
    },
  );
});
