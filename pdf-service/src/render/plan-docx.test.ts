import type { types } from '@evalplan/protos';
import { XMLValidator } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import { PLAN_DOCUMENT } from '../../../test/fixtures/plan-document';
import { PLAN_SECTIONS } from '../domain/plan-sections';
import { planDocx } from './plan-docx';

const DATE = new Date('2026-11-23T15:00:00Z');

/** The files of a DOCX (a ZIP), by name, as text. */
function filesOf(docx: Buffer): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(new Uint8Array(docx))).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

/** word/document.xml: the document's body. */
async function documentXml(plan: types.PlanDocument__Output): Promise<string> {
  const xml = filesOf(await planDocx(plan, DATE, 'UTC'))['word/document.xml'];
  if (xml === undefined) throw new Error('the DOCX has no word/document.xml');
  return xml;
}

/** Each paragraph's text (its w:t runs joined, XML entities decoded), with its style where it has one. */
function paragraphs(xml: string): Array<{ style: string; text: string }> {
  const decode = (text: string) =>
    text.replace(/&(lt|gt|amp|quot|apos);/g, (_, name: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[name]!);
  return [...xml.matchAll(/<w:p>([\s\S]*?)<\/w:p>|<w:p [^>]*>([\s\S]*?)<\/w:p>/g)].map((match) => {
    const body = match[1] ?? match[2] ?? '';
    const style = /<w:pStyle w:val="([^"]+)"\/>/.exec(body)?.[1] ?? '';
    const text = [...body.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((run) => decode(run[1]!)).join('');
    return { style, text };
  });
}

describe('planDocx', () => {
  it('is a ZIP with the parts Word needs', async () => {
    const docx = await planDocx(PLAN_DOCUMENT, DATE, 'UTC');
    expect(docx.subarray(0, 2).toString('latin1')).toBe('PK');
    const files = filesOf(docx);
    for (const part of ['[Content_Types].xml', 'word/document.xml', 'word/styles.xml', 'word/numbering.xml', 'docProps/core.xml']) {
      expect(Object.keys(files)).toContain(part);
    }
    expect(files['docProps/core.xml']).toContain('<dc:title>Quest log redesign</dc:title>');
  });

  it('carries the sections of the PDF as headings, in its order, under the title and the date', async () => {
    const found = paragraphs(await documentXml(PLAN_DOCUMENT));
    expect(found[0]).toEqual({ style: 'Title', text: 'Quest log redesign' });
    expect(found[1]!.text).toBe('Evaluation plan · 23 November 2026');
    expect(found.filter((paragraph) => paragraph.style === 'Heading1').map((paragraph) => paragraph.text)).toEqual(
      Object.values(PLAN_SECTIONS),
    );
    expect(found.filter((paragraph) => paragraph.style === 'Heading2').map((paragraph) => paragraph.text)).toEqual([
      'Pragmatic UX',
      'Psychological Needs',
      'Cognitive Engagement',
      'Think-aloud testing',
      'Surveys & Questionnaires',
      'SUS (System Usability Scale)',
      'UEQ (User Experience Questionnaire)',
      'Custom constructs',
    ]);
  });

  it('holds the coverage with its uncovered goal, the SUS facts, the budget warning, the checklist and the references', async () => {
    const xml = await documentXml(PLAN_DOCUMENT);
    const texts = paragraphs(xml).map((paragraph) => paragraph.text);
    expect(texts).toContain('Competence / Mastery');
    expect(texts).toContain(
      'Not covered. Consider: PENS (Player Experience of Need Satisfaction), IMI (Intrinsic Motivation Inventory), BNS (Basic Need Satisfaction)',
    );
    for (const fact of [
      'Items: 10 items',
      'Answers: 5-point Likert scale (strongly disagree – strongly agree)',
      'Time: 2–3 min (estimate)',
      'Measures: Perceived usability',
      'Licence: Made freely available by its author.',
      'Sources: Brooke, 1996',
    ]) {
      expect(texts).toContain(fact);
    }
    expect(texts).toContain(`Warning: ${PLAN_DOCUMENT.timeBudget!.warnings[0]}`);
    expect(texts).toContain(`☐ Consent: ${PLAN_DOCUMENT.checklist!.items[0]!.question}`);
    expect(texts).toContain(PLAN_DOCUMENT.references[0]!.text);
    // The headers of the coverage and budget tables repeat on every page.
    expect(xml.match(/<w:tblHeader\/>/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it('sets references with a hanging indent, their titles in italics, and links a DOI', async () => {
    const reference = { ...PLAN_DOCUMENT.references[0]!, doiUrl: 'https://doi.org/10.1016/S0003-6870(01)00017-6' };
    const docx = await planDocx({ ...PLAN_DOCUMENT, references: [reference] }, DATE, 'UTC');
    const files = filesOf(docx);
    const xml = files['word/document.xml']!;
    const entry = /<w:p>(?:(?!<\/w:p>)[\s\S])*Brooke, J\. \(1996\)[\s\S]*?<\/w:p>/.exec(xml)?.[0] ?? '';
    expect(entry).toMatch(/<w:ind w:left="720" w:hanging="720"\/>/);
    expect(entry).toMatch(/<w:i\/>(?:(?!<\/w:r>)[\s\S])*Usability evaluation in industry/);
    expect(entry).toContain('<w:hyperlink');
    expect(files['word/_rels/document.xml.rels']).toContain('Target="https://doi.org/10.1016/S0003-6870(01)00017-6" TargetMode="External"');
  });

  it('numbers each ordered list from 1', async () => {
    const files = filesOf(await planDocx(PLAN_DOCUMENT, DATE, 'UTC'));
    const xml = files['word/document.xml']!;
    const listOf = (text: string) => new RegExp(`<w:numId w:val="(\\d+)"/>(?:(?!</w:p>)[\\s\\S])*${text}`).exec(xml)?.[1];
    const [questions, hypotheses, firstStep, secondStep] = [
      'Do players find their next quest faster?',
      'Time to find the next quest halves',
      'Pilot test the study setup',
      'Schedule sessions with participants',
    ].map(listOf);
    expect(firstStep).toBe(secondStep);
    expect(new Set([questions, hypotheses, firstStep]).size).toBe(3);
    for (const id of [questions, hypotheses, firstStep]) {
      expect(files['word/numbering.xml']).toMatch(
        new RegExp(`<w:num w:numId="${id}"><w:abstractNumId w:val="\\d+"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/>`),
      );
    }
  });

  it('keeps what the person typed as text: markup characters escaped, characters XML cannot hold dropped', async () => {
    const hostile = '<w:p>&amp; "quotes" </w:t></w:r> & <script>alert(1)</script>';
    const plan: types.PlanDocument__Output = {
      ...PLAN_DOCUMENT,
      title: hostile,
      projectType: `${hostile}\u0001\u000b`,
      notes: `${hostile}\nsecond line\n\nsecond paragraph`,
      selectedMethods: [{ ...PLAN_DOCUMENT.selectedMethods[0]!, name: hostile, rationale: hostile }],
      checklist: { reasons: [], items: [{ topic: hostile, question: hostile }], disclaimer: '' },
    };
    const docx = await planDocx(plan, DATE, 'UTC');
    const xml = filesOf(docx)['word/document.xml']!;
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(XMLValidator.validate(filesOf(docx)['docProps/core.xml']!)).toBe(true);
    expect(xml).not.toContain('<script>');
    expect(xml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const found = paragraphs(xml);
    expect(found[0]).toEqual({ style: 'Title', text: hostile });
    const texts = found.map((paragraph) => paragraph.text);
    expect(texts).toEqual(expect.arrayContaining([hostile, `Why it fits: ${hostile}`, `☐ ${hostile}: ${hostile}`, 'second paragraph']));
    expect(texts).toContain(`${hostile}second line`);
    expect(xml.includes('\u0001') || xml.includes('\u000b')).toBe(false);
  });
});
