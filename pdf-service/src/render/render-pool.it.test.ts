import type { TemplateData } from '../domain/template-data';
import { PLAN_DOCUMENT } from '../../../test/fixtures/plan-document';
import { pdfText } from '../../../test/helpers/pdf-text';
import { PdfRenderPool } from './render-pool';

/** A plan as wizard-service hands it over, with text in several scripts. */
const plan: TemplateData = {
  Title: 'Квест-журнал: Ωμέγα редизайн',
  Date: '2026-11-23T10:00:00.000Z',
  EvaluationGoals: ['Usability & Efficiency', 'Gemeinschaftsgefühl'],
  ProjectType: 'Mobile-Lernspiel für Grundschüler',
  Participants: '10-30',
  DevelopmentStage: 'High-fidelity prototype',
  Accessibility: 'Moderate',
  TimeConstraint: '1-2 weeks',
  ExtraConstraints: ['Sensitive population', 'Nur Tablets'],
  ResearchEnabled: true,
  ResearchObjective: 'Verringert das neue Journal den Abbruch?',
  ResearchQuestions: ['Finden Spieler Aufgaben schneller?', 'Ποιο είναι το κίνητρο;'],
  Hypotheses: ['Die Abbruchquote sinkt um 10 %'],
  SelectedMethods: [
    {
      Name: 'Think-aloud testing',
      Description: 'People say what they think.',
      Priority: 'Recommended',
      Rationale: 'Finds friction early.',
    },
    { Name: 'Wizard-of-Oz Sitzung', Description: '', Priority: '', Rationale: '' },
  ],
  SelectedInstruments: [
    { Name: 'SUS (System Usability Scale)', Description: 'Ten items.', Priority: 'Engagement', Rationale: 'Comparable scores.' },
  ],
  NextSteps: ['Pilottest im Labor', 'Einverständniserklärungen einholen'],
  Notes: 'Raum 2.14 buchen',
  Description: 'Redesign des Quest-Logs',
  GoalsByCategory: [
    { Category: 'Pragmatic UX', Goals: ['Usability & Efficiency'] },
    { Category: 'Other goals', Goals: ['Gemeinschaftsgefühl'] },
  ],
  CustomConstructs: [{ Name: 'Fortschrittsgefühl', Description: 'Wie klar der Fortschritt ist', Goals: ['Gemeinschaftsgefühl'] }],
};

/** Every value a person entered or chose, as the PDF must show it. */
function enteredValues(data: TemplateData): string[] {
  return [
    data.Title,
    data.ProjectType,
    data.Participants,
    data.DevelopmentStage,
    data.Accessibility,
    data.TimeConstraint,
    data.ResearchObjective,
    data.Notes,
    data.Description,
    ...data.EvaluationGoals,
    ...data.ExtraConstraints,
    ...data.ResearchQuestions,
    ...data.Hypotheses,
    ...data.NextSteps,
    ...data.SelectedMethods.flatMap((m) => [m.Name, m.Description, m.Rationale].filter(Boolean)),
    ...data.SelectedInstruments.flatMap((m) => [m.Name, m.Description, m.Rationale].filter(Boolean)),
    ...data.CustomConstructs.flatMap((c) => [c.Name, c.Description]),
  ];
}

describe('the built-in layout on the worker pool', () => {
  const pool = new PdfRenderPool(2);
  afterAll(() => pool.close());

  it('renders an A4 PDF in which every entered value can be found, in Latin, Cyrillic and Greek alike', async () => {
    const pdf = await pool.render(plan);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    for (const value of enteredValues(plan)) expect(text).toContain(value.replace(/\s+/g, ' '));
    expect(text).toContain('23 November 2026');
    expect(text).toMatch(/Page 1 of \d/);
    // Embedded font, not one of the 14 standard fonts (which cannot show Cyrillic at all).
    expect(pdf.toString('latin1')).toMatch(/\/FontFile2/);
    expect(pdf.toString('latin1')).not.toMatch(/\/BaseFont \/Helvetica/);
  });

  it('shows right-to-left text with its letters (Hebrew)', async () => {
    const text = await pdfText(await pool.render({ ...plan, Notes: 'שימו לב' }));
    // pdfkit lays out without bidi reordering: the letters are all there, the order is visual.
    for (const letter of 'שימולב') expect(text).toContain(letter);
  });

  it('keeps documents apart when a worker reuses its parsed fonts', async () => {
    const other = { ...plan, Title: 'Zweiter Plan', Notes: 'Только этот текст' };
    const [first, second] = await Promise.all([pool.render(plan), pool.render(other)]);
    const [firstText, secondText] = await Promise.all([pdfText(first), pdfText(second)]);
    expect(firstText).toContain(plan.Title);
    expect(firstText).not.toContain('Zweiter Plan');
    expect(secondText).toContain('Zweiter Plan');
    expect(secondText).toContain('Только этот текст');
  });

  it('says so where nothing was entered, instead of leaving gaps', async () => {
    const empty: TemplateData = {
      ...plan,
      ResearchEnabled: false,
      ProjectType: '',
      Accessibility: '',
      SelectedInstruments: [],
      CustomConstructs: [],
      NextSteps: [],
      Notes: '',
    };
    const text = await pdfText(await pool.render(empty));
    expect(text).toContain('Project type Not specified');
    expect(text).toContain('No instruments selected.');
    expect(text).toContain('No next steps yet.');
    expect(text).toContain('No notes.');
    expect(text).not.toContain('Research questions');
  });

  it('writes the plan’s Markdown and DOCX copies on its threads, not on the thread that asks', async () => {
    const task = { document: PLAN_DOCUMENT, timeZone: 'UTC', date: '2026-11-23T10:00:00.000Z' };
    const [markdown, docx] = await Promise.all([
      pool.writePlan({ ...task, format: 'markdown' }),
      pool.writePlan({ ...task, format: 'docx' }),
    ]);
    expect(markdown.toString('utf8')).toContain('## Goal coverage');
    expect(docx.subarray(0, 2).toString('latin1')).toBe('PK');
    // The DOCX writer and its library were loaded on a worker, never here.
    expect(Object.keys(require.cache).some((file) => /[\\/]node_modules[\\/]docx[\\/]/.test(file))).toBe(false);
  });

  it('renders many plans side by side on its threads', async () => {
    const pdfs = await Promise.all(Array.from({ length: 8 }, (_, i) => pool.render({ ...plan, Title: `Plan number ${i}` })));
    const texts = await Promise.all(pdfs.map(pdfText));
    texts.forEach((text, i) => expect(text).toContain(`Plan number ${i}`));
    expect(pool.threads).toBe(2);
  });

  it('keeps a worker within its memory limit over many plans with long words without spaces', async () => {
    // Each plan its own letters: pdfmake breaks such a word by measuring many of its prefixes, none of them worth keeping.
    const spaceless = (seed: number, field: number) => {
      let state = (seed * 7919 + field * 104_729 + 1) >>> 0;
      const letter = () => {
        state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
        return String.fromCharCode(97 + ((state >>> 16) % 26));
      };
      return Array.from({ length: 2000 }, letter).join('');
    };
    const single = new PdfRenderPool(1);
    try {
      for (let seed = 0; seed < 40; seed += 1) {
        const pdf = await single.render({
          ...plan,
          Title: `Long words ${seed}`,
          Notes: spaceless(seed, 0),
          Description: spaceless(seed, 1),
          ResearchObjective: spaceless(seed, 2),
        });
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      }
    } finally {
      await single.close();
    }
  }, 240_000);
});
