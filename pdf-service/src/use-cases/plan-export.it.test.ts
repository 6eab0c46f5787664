import type { types } from '@evalplan/protos';
import { PLAN_DOCUMENT } from '../../../test/fixtures/plan-document';
import { PdfRenderPool } from '../render/render-pool';
import { PlanExport } from './plan-export';

/** GRPC_MAX_MESSAGE_SIZE's default. */
const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
const DATE = new Date('2026-11-23T23:30:00Z');

/** The heavy end of ExportPlan, on the render pool's worker threads as pdf-service runs it. */
describe('PlanExport at the wizard’s limits', () => {
  const pool = new PdfRenderPool(1);
  const exporting = new PlanExport(pool, MAX_MESSAGE_BYTES);
  afterAll(() => pool.close());

  it('fits a plan at the wizard’s limits, every character one Markdown escapes, well inside the default message size', async () => {
    // Each step holds at most 64 KB: a hundred goals, methods and instruments of some 600 characters, notes of 60 KB.
    const text = (seed: number, length: number) => `${seed} ${'*|<_#'.repeat(length / 5)}`.slice(0, length);
    const goals = Array.from({ length: 100 }, (_, index) => text(index, 600));
    const item = (index: number): types.PlanItem__Output => ({
      ...PLAN_DOCUMENT.selectedInstruments[0]!,
      name: text(index, 600),
      description: text(index, 1000),
      rationale: text(index, 500),
      goals,
    });
    const methods = Array.from({ length: 100 }, (_, index) => item(index));
    const instruments = Array.from({ length: 100 }, (_, index) => item(index + 100));
    const columns = [...methods, ...instruments].map((entry) => ({ kind: 'instrument', id: '', name: entry.name }));
    const plan: types.PlanDocument__Output = {
      ...PLAN_DOCUMENT,
      evaluationGoals: goals,
      goalsByCategory: [{ category: 'Other goals', goals }],
      selectedMethods: methods,
      selectedInstruments: instruments,
      coverage: {
        columns,
        rows: goals.map((goal) => ({ goal, measuredBy: columns.map(() => true), covered: true, suggestions: [] })),
        uncoveredGoals: [],
      },
      notes: text(0, 60_000),
    };
    for (const format of ['markdown', 'docx']) {
      const file = await exporting.export(plan, format, '', DATE);
      expect({ format, fits: file.data.length < MAX_MESSAGE_BYTES / 2 }).toEqual({ format, fits: true });
    }
  });
});
