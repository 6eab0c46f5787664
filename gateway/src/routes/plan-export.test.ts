import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { PLAN_DOCUMENT } from '../../../test/fixtures/plan-document';
import { openApiDocument } from '../openapi/document';
import { asciiFallback, downloadName } from './pdf';
import { planJson } from './plan-export';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The PlanResult schema of the OpenAPI document, its $refs resolved within it. */
function planResultValidator() {
  const doc = openApiDocument() as Json;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: 'https://evalplan.invalid/openapi.json' });
  return ajv.compile({ $ref: 'https://evalplan.invalid/openapi.json#/components/schemas/PlanResult' });
}

describe('the plan as JSON', () => {
  it('carries every field of the plan document, as the document names it', () => {
    expect(planJson(PLAN_DOCUMENT)).toEqual(PLAN_DOCUMENT);
  });

  it('meets the documented schema, with and without the parts a plan may lack', () => {
    const validate = planResultValidator();
    expect(validate({ plan: planJson(PLAN_DOCUMENT) })).toBe(true);
    const bare = planJson({ ...PLAN_DOCUMENT, coverage: null, timeBudget: null, checklist: null });
    expect(validate({ plan: bare })).toBe(true);
    expect(bare.coverage).toEqual({ columns: [], rows: [], uncoveredGoals: [] });
    expect(bare.timeBudget).toMatchObject({ lines: [], minutesPerParticipant: null, researcherHoursHigh: 0, fits: true });
    expect(bare.checklist).toBeNull();
    // A field the schema does not know is refused (the schemas are closed).
    expect(validate({ plan: { ...planJson(PLAN_DOCUMENT), extra: 1 } })).toBe(false);
  });
});

describe('download names', () => {
  it('end in the extension asked for, .pdf by default', () => {
    expect(downloadName('Quest log redesign')).toBe('Quest log redesign.pdf');
    expect(downloadName('Quest log: <v2>', 'md')).toBe('Quest log v2.md');
    expect(downloadName('???', 'docx')).toBe('evaluation-plan.docx');
    expect(asciiFallback('Évaluation du jeu.docx', 'docx')).toBe('valuation du jeu.docx');
    expect(asciiFallback('日本語.md', 'md')).toBe('evaluation-plan.md');
    expect(asciiFallback('Quest log.pdf')).toBe('Quest log.pdf');
  });
});
