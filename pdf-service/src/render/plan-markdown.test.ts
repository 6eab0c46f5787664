import path from 'node:path';
import type { types } from '@evalplan/protos';
import MarkdownIt from 'markdown-it';
import { PLAN_DOCUMENT } from '../../../test/fixtures/plan-document';
import { expectGolden } from '../../../test/helpers/golden';
import { PLAN_SECTIONS } from '../domain/plan-sections';
import { escapeMarkdown, escapeMarkdownLines, planMarkdown } from './plan-markdown';

const DATE = new Date('2026-11-23T23:30:00Z');

/** A CommonMark parser with GitHub's tables, which reads raw HTML as HTML: what a hole in the escaping would let through shows. */
const parser = new MarkdownIt({ html: true, linkify: false });

type Token = MarkdownIt.Token;

/** The text a reader sees of an inline token: its text runs, line breaks as "\n". */
function textOf(token: Token | undefined): string {
  return (token?.children ?? [])
    .map((child) => (child.type === 'text' ? child.content : child.type === 'softbreak' || child.type === 'hardbreak' ? '\n' : ''))
    .join('');
}

interface Structure {
  headings: Array<{ level: number; text: string }>;
  /** Each table's rows, each row's cells as text (header row first). */
  tables: string[][][];
  /** Every token type anywhere, inline ones included. */
  types: Set<string>;
  /** The text of every paragraph, list item and table cell, in order. */
  texts: string[];
}

function structure(markdown: string): Structure {
  const tokens = parser.parse(markdown, {});
  const result: Structure = { headings: [], tables: [], types: new Set(), texts: [] };
  let row: string[] | undefined;
  tokens.forEach((token, index) => {
    result.types.add(token.type);
    for (const child of token.children ?? []) result.types.add(child.type);
    if (token.type === 'heading_open') result.headings.push({ level: Number(token.tag.slice(1)), text: textOf(tokens[index + 1]) });
    if (token.type === 'table_open') result.tables.push([]);
    if (token.type === 'tr_open') row = [];
    if (token.type === 'tr_close' && row) result.tables[result.tables.length - 1]!.push(row);
    if ((token.type === 'th_open' || token.type === 'td_open') && row) row.push(textOf(tokens[index + 1]));
    if (token.type === 'inline' && tokens[index - 1]?.type !== 'heading_open') result.texts.push(textOf(token));
  });
  return result;
}

const h2 = (markdown: string) =>
  structure(markdown)
    .headings.filter((heading) => heading.level === 2)
    .map((heading) => heading.text);

const item = (overrides: Partial<types.PlanItem__Output>): types.PlanItem__Output => ({
  ...PLAN_DOCUMENT.selectedInstruments[0]!,
  ...overrides,
});

describe('planMarkdown', () => {
  it('matches the committed golden file for the example plan (UPDATE_GOLDEN=1 rewrites it)', () => {
    expectGolden(path.join(__dirname, '__golden__', 'plan.md'), planMarkdown(PLAN_DOCUMENT, DATE, 'UTC'));
  });

  it('carries the sections of the PDF, in its order, under the title and the date in the plan’s time zone', () => {
    const markdown = planMarkdown(PLAN_DOCUMENT, DATE, 'Europe/Berlin');
    const { headings, texts } = structure(markdown);
    expect(headings[0]).toEqual({ level: 1, text: 'Quest log redesign' });
    // 23:30 UTC is already the next day in Berlin.
    expect(texts[0]).toBe('Evaluation plan · 24 November 2026');
    expect(h2(markdown)).toEqual(Object.values(PLAN_SECTIONS));
  });

  it('leaves out the research part and the checklist when the plan has none, and says when it cites no source', () => {
    const markdown = planMarkdown({ ...PLAN_DOCUMENT, researchEnabled: false, checklist: null, references: [] }, DATE, 'UTC');
    expect(h2(markdown)).toEqual(
      Object.values(PLAN_SECTIONS).filter((title) => title !== PLAN_SECTIONS.research && title !== PLAN_SECTIONS.checklist),
    );
    expect(markdown.endsWith('## References\n\n*No sources cited.*\n')).toBe(true);
  });

  it('prints the coverage matrix as a table: a column per method, instrument and construct that measures a goal, and the status of each goal', () => {
    const [, coverage] = structure(planMarkdown(PLAN_DOCUMENT, DATE, 'UTC')).tables;
    // Surveys measure through their questionnaires: a column of blanks would say nothing.
    expect(coverage![0]).toEqual([
      'Goal',
      'Think-aloud testing',
      'SUS (System Usability Scale)',
      'UEQ (User Experience Questionnaire)',
      'Sense of progress',
      'Status',
    ]);
    expect(coverage![1]).toEqual(['Usability & Efficiency', '✓', '✓', '✓', '', 'Covered']);
    expect(coverage![2]![5]).toBe(
      'Not covered. Consider: PENS (Player Experience of Need Satisfaction), IMI (Intrinsic Motivation Inventory), BNS (Basic Need Satisfaction)',
    );
  });

  it('names what measures each goal instead of a matrix too wide for a page', () => {
    const constructs = Array.from({ length: 12 }, (_, index) => ({ kind: 'construct', id: '', name: `Construct ${index}` }));
    const wide: typeof PLAN_DOCUMENT = {
      ...PLAN_DOCUMENT,
      coverage: {
        columns: constructs,
        rows: [{ goal: 'Engagement', measuredBy: constructs.map(() => true), covered: true, suggestions: [] }],
        uncoveredGoals: [],
      },
    };
    const [, coverage] = structure(planMarkdown(wide, DATE, 'UTC')).tables;
    expect(coverage).toEqual([
      ['Goal', 'Measured by', 'Status'],
      ['Engagement', 'Construct 0, Construct 1, Construct 2, Construct 3, Construct 4, Construct 5, and 6 more', 'Covered'],
    ]);
  });

  it('gives each method and instrument its priority, facts and sources, and marks estimated minutes', () => {
    const markdown = planMarkdown(PLAN_DOCUMENT, DATE, 'UTC');
    expect(markdown).toContain('### SUS (System Usability Scale)\n\n**Suggested for engagement**\n');
    for (const fact of [
      '- **Items:** 10 items',
      '- **Answers:** 5-point Likert scale (strongly disagree – strongly agree)',
      '- **Time:** 2–3 min (estimate)',
      '- **Measures:** Perceived usability',
      '- **Licence:** Made freely available by its author.',
      '- **Sources:** Brooke, 1996',
      '- **Items:** 26 items; UEQ-S: 8 items',
      '- **Session length:** 60–90 min (estimate)',
    ]) {
      expect(markdown).toContain(fact);
    }
    expect(markdown).toContain('**Warning:** With 30 participants');
    expect(markdown).toContain('- [ ] **Consent**: How will each participant');
    expect(markdown).toContain('*Usability evaluation in industry*');
  });

  it('links a reference’s DOI where the entry ends with it, or after the entry', () => {
    const doi = 'https://doi.org/10.1016/S0003-6870(01)00017-6';
    const reference = PLAN_DOCUMENT.references[0]!;
    const added = planMarkdown({ ...PLAN_DOCUMENT, references: [{ ...reference, doiUrl: doi }] }, DATE, 'UTC');
    expect(added).toContain(`Taylor & Francis. <${doi}>\n`);
    expect(parser.render(added)).toContain(`<a href="${doi}">`);
    const runs = [...reference.runs.slice(0, -1), { text: ` (pp. 189–194). Taylor & Francis. ${doi}`, italic: false }];
    const inPlace = planMarkdown({ ...PLAN_DOCUMENT, references: [{ ...reference, runs, doiUrl: doi }] }, DATE, 'UTC');
    expect(inPlace).toContain(`Taylor & Francis. <${doi}>\n`);
    expect(inPlace.split(doi).length).toBe(2);
  });

  it('says so where a part of the plan is empty', () => {
    const empty: types.PlanDocument__Output = {
      ...PLAN_DOCUMENT,
      description: '',
      projectType: '',
      goalsByCategory: [],
      coverage: null,
      timeBudget: null,
      selectedMethods: [],
      selectedInstruments: [
        item({
          name: 'My own scale',
          description: '',
          rationale: '',
          priorityLabel: '',
          items: [],
          responseFormat: '',
          minutes: null,
          constructs: [],
          licence: '',
          cites: [],
        }),
      ],
      customConstructs: [],
      nextSteps: [],
      notes: '  ',
    };
    const { texts, tables } = structure(planMarkdown(empty, DATE, 'UTC'));
    expect(tables[0]![1]).toEqual(['Project type', 'Not specified']);
    for (const text of [
      'No goals selected.',
      'No methods selected.',
      'Added by you; not in our catalog.',
      'No next steps yet.',
      'No notes.',
    ]) {
      expect(texts).toContain(text);
    }
  });

  describe('what the person typed stays text', () => {
    const HOSTILE = [
      '# Heading',
      '<script>alert(1)</script>',
      'a|b',
      '- item',
      '+ item',
      '1. first',
      '2) second',
      '> quote',
      '```js',
      '~~~',
      '    indented code',
      '---',
      '===',
      '***',
      '___',
      '[link](javascript:alert(1))',
      '![image](https://example.org/x.png)',
      '[x]: https://example.org',
      '<https://example.org>',
      '*emphasis* and _emphasis_ and **strong**',
      '`code`',
      'back\\slash at the end\\',
      '&lt;b&gt; &amp; &#60;',
      '$x^2$',
      '| --- | --- |',
      '<!-- comment -->',
    ];

    it.each(HOSTILE)('%j as a title, a context value, a goal, a method name and a reference', (hostile) => {
      const plan: types.PlanDocument__Output = {
        ...PLAN_DOCUMENT,
        title: hostile,
        projectType: hostile,
        goalsByCategory: [{ category: hostile, goals: [hostile] }],
        selectedMethods: [item({ name: hostile, description: hostile, rationale: hostile, constructs: [hostile] })],
        coverage: {
          columns: [{ kind: 'method', id: '', name: hostile }],
          rows: [{ goal: hostile, measuredBy: [true], covered: true, suggestions: [] }],
          uncoveredGoals: [],
        },
        checklist: { reasons: [], items: [{ topic: hostile, question: hostile }], disclaimer: hostile },
        references: [{ key: 'k', citation: hostile, text: hostile, runs: [{ text: hostile, italic: true }], doiUrl: '' }],
        nextSteps: [hostile],
        notes: hostile,
      };
      const markdown = planMarkdown(plan, DATE, 'UTC');
      const { headings, tables, types: seen, texts } = structure(markdown);
      // What a reader sees: the text on one line, without the indentation that would have made it code.
      const shown = hostile.replace(/\s+/g, ' ').trim();
      // Only the headings, lists, tables and emphasis the export writes itself.
      for (const type of [
        'html_block',
        'html_inline',
        'code_block',
        'fence',
        'code_inline',
        'blockquote_open',
        'hr',
        'link_open',
        'image',
        's_open',
      ]) {
        expect({ hostile, type, seen: seen.has(type) }).toEqual({ hostile, type, seen: false });
      }
      expect(headings.filter((heading) => heading.level === 1)).toEqual([{ level: 1, text: shown }]);
      expect(h2(markdown)).toEqual(Object.values(PLAN_SECTIONS));
      expect(headings.filter((heading) => heading.level === 3).map((heading) => heading.text)).toEqual([
        shown,
        shown,
        'SUS (System Usability Scale)',
        'UEQ (User Experience Questionnaire)',
        'Custom constructs',
      ]);
      // The context and coverage tables keep their shape, and the cells their text.
      expect(tables[0]!.every((row) => row.length === 2)).toBe(true);
      expect(tables[0]).toContainEqual(['Project type', shown]);
      expect(tables[1]).toEqual([
        ['Goal', shown, 'Status'],
        [shown, '✓', 'Covered'],
      ]);
      expect(texts).toEqual(expect.arrayContaining([shown, `[ ] ${shown}: ${shown}`, `Why it fits: ${shown}`]));
    });

    it('keeps the paragraphs and line breaks of notes, each line as text', () => {
      const notes = '# Not a heading\n- not a list\n  1. not a number\n\n\n    not code\n> not a quote\r\n---';
      const { texts, types: seen } = structure(planMarkdown({ ...PLAN_DOCUMENT, notes }, DATE, 'UTC'));
      expect(texts).toEqual(expect.arrayContaining(['# Not a heading\n- not a list\n1. not a number', 'not code\n> not a quote\n---']));
      for (const type of ['bullet_list_open', 'ordered_list_open']) expect(seen.has(type)).toBe(true); // the plan's own lists
      expect(seen.has('hr')).toBe(false);
      expect(seen.has('code_block')).toBe(false);
    });
  });
});

describe('escapeMarkdown', () => {
  it('escapes every character with a meaning, and what would start a block', () => {
    expect(escapeMarkdown('a*b_c`d[e]f<g>h|i~j#k\\l$m')).toBe('a\\*b\\_c\\`d\\[e\\]f\\<g\\>h\\|i\\~j\\#k\\\\l\\$m');
    expect(escapeMarkdown('- x')).toBe('\\- x');
    expect(escapeMarkdown('+ x')).toBe('\\+ x');
    expect(escapeMarkdown('=')).toBe('\\=');
    expect(escapeMarkdown('12. x')).toBe('12\\. x');
    expect(escapeMarkdown('3) x')).toBe('3\\) x');
    // A numeric reference is broken by its escaped #.
    expect(escapeMarkdown('&amp; & &#x3C;')).toBe('\\&amp; & &\\#x3C;');
  });

  it('puts a value on one line, and leaves ordinary text as it is', () => {
    expect(escapeMarkdown('  a\n\tb\r\nc  ')).toBe('a b c');
    expect(escapeMarkdown('Usability & Efficiency (SUS), 10-30: 5.5 min!')).toBe('Usability & Efficiency (SUS), 10-30: 5.5 min!');
  });

  it('keeps the lines of longer text with hard breaks, and its paragraphs', () => {
    expect(escapeMarkdownLines('one\n  - two\n\n\n three ')).toBe('one\\\n\\- two\n\nthree');
    expect(escapeMarkdownLines('ends with a backslash\\\nnext')).toBe('ends with a backslash\\\\\\\nnext');
  });
});
