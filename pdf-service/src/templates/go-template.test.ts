import { executeTemplate, MAX_NESTING, parseTemplate, TemplateError } from './go-template';
import { formatGoDate } from './go-date';

const render = (source: string, data: unknown) => executeTemplate(parseTemplate(source), data);

const plan = {
  Title: 'Quest log <study>',
  Date: new Date('2026-03-05T14:07:09.250Z'),
  EvaluationGoals: ['Usability & Efficiency', 'Engagement'],
  Notes: '',
  ResearchEnabled: true,
  SelectedMethods: [
    { Name: 'Think-aloud testing', Description: 'Say what you think', Priority: 'Recommended', Rationale: 'Finds friction' },
    { Name: 'Surveys & Questionnaires', Description: 'Ask many', Priority: 'Engagement', Rationale: 'Scales' },
  ],
  NextSteps: [] as string[],
};

describe('Go text/template subset', () => {
  it('renders the constructs of decision 6 (docs/decisions.md), escaping every value', () => {
    const source = [
      '<h1>{{ .Title }}</h1>',
      '<p>{{ join .EvaluationGoals ", " }}</p>',
      '<p>{{ formatDate .Date "January 2, 2006" }}</p>',
      '<p>{{ default .Notes "No notes provided." }}</p>',
      '<ul>{{ range .SelectedMethods }}<li>{{ .Name }} ({{ .Priority }})</li>{{ end }}</ul>',
      '{{ if .ResearchEnabled }}<p>research</p>{{ else }}<p>none</p>{{ end }}',
    ].join('');
    expect(render(source, plan)).toBe(
      '<h1>Quest log &lt;study&gt;</h1>' +
        '<p>Usability &amp; Efficiency, Engagement</p>' +
        '<p>March 5, 2026</p>' +
        '<p>No notes provided.</p>' +
        '<ul><li>Think-aloud testing (Recommended)</li><li>Surveys &amp; Questionnaires (Engagement)</li></ul>' +
        '<p>research</p>',
    );
  });

  it('supports else if, range else, comments, trim markers, pipes and comparisons', () => {
    expect(render('{{ if eq .Title "x" }}a{{ else if .ResearchEnabled }}b{{ else }}c{{ end }}', plan)).toBe('b');
    expect(render('{{ range .NextSteps }}{{ . }}{{ else }}nothing yet{{ end }}', plan)).toBe('nothing yet');
    expect(render('a {{/* a comment */}} b', plan)).toBe('a  b');
    expect(render('a   {{- .Notes -}}   b', plan)).toBe('ab');
    expect(render('{{ .EvaluationGoals | len }}', plan)).toBe('2');
    expect(render('{{ if not .Notes }}empty{{ end }}', plan)).toBe('empty');
    expect(render('{{ join (.EvaluationGoals) " / " }}', plan)).toBe('Usability &amp; Efficiency / Engagement');
  });

  it('escapes quotes so values cannot break out of attributes', () => {
    expect(render('<a title="{{ .Title }}">', { Title: '" onmouseover="alert(1)' })).toBe('<a title="&#34; onmouseover=&#34;alert(1)">');
  });

  it.each([
    ['an unclosed action', '{{ .Title '],
    ['a missing end', '{{ if .Title }}x'],
    ['an end too many', 'x{{ end }}'],
    ['an unknown function', '{{ exec "rm" }}'],
    ['define', '{{ define "x" }}{{ end }}'],
    ['template', '{{ template "x" }}'],
    ['a bad string', '{{ "unterminated }}'],
  ])('refuses %s with a TemplateError', (_name, source) => {
    expect(() => parseTemplate(source)).toThrow(TemplateError);
  });

  it('trims long white space runs in linear time (a rescanning /\\s+$/ took 2.2 s on 80,000 spaces and a letter)', () => {
    const timed = (source: string) => {
      const started = performance.now();
      const output = render(source, plan);
      return { output, ms: performance.now() - started };
    };
    const spacesThenLetter = timed(`${' '.repeat(80_000)}x{{- .Notes }}`);
    expect(spacesThenLetter.output).toBe(`${' '.repeat(80_000)}x`);
    expect(spacesThenLetter.ms).toBeLessThan(250);
    const trimmedAway = timed(`x${' \t\r\n'.repeat(30_000)}{{- .Notes -}}${' '.repeat(30_000)}y`);
    expect(trimmedAway.output).toBe('xy');
    expect(trimmedAway.ms).toBeLessThan(250);
    const manyMarkers = timed(' {{- "" -}} '.repeat(10_000));
    expect(manyMarkers.output).toBe('');
    expect(manyMarkers.ms).toBeLessThan(500);
  });

  it(`nests blocks and ( ) groups up to ${MAX_NESTING} deep, whatever the thread's stack`, () => {
    const blocks = (depth: number) => `${'{{ if 1 }}'.repeat(depth)}x${'{{ end }}'.repeat(depth)}`;
    expect(render(blocks(MAX_NESTING), plan)).toBe('x');
    expect(() => parseTemplate(blocks(MAX_NESTING + 1))).toThrow(/nest more than 100 deep at offset 1000/);
    const ranges = `${'{{ range .EvaluationGoals }}'.repeat(MAX_NESTING + 1)}${'{{ end }}'.repeat(MAX_NESTING + 1)}`;
    expect(() => parseTemplate(ranges)).toThrow(TemplateError);
    const groups = (depth: number) => `{{ ${'('.repeat(depth)}.Title${')'.repeat(depth)} }}`;
    expect(render(groups(MAX_NESTING), plan)).toBe('Quest log &lt;study&gt;');
    expect(() => parseTemplate(groups(MAX_NESTING + 1))).toThrow(/groups nest more than 100 deep/);
    // Side by side is not nested.
    expect(render(`{{ len ${'(.Title) '.repeat(MAX_NESTING + 5)} }}`.replace('len', 'and'), plan)).toBe('Quest log &lt;study&gt;');
    expect(render(`${'{{ if 1 }}a{{ end }}'.repeat(MAX_NESTING + 5)}`, plan)).toBe('a'.repeat(MAX_NESTING + 5));
  });

  it('refuses an unknown field when it runs', () => {
    expect(() => render('{{ .Nope }}', plan)).toThrow(/no field Nope/);
    expect(() => render('{{ range .SelectedMethods }}{{ .Title }}{{ end }}', plan)).toThrow(/no field Title/);
  });
});

describe('formatGoDate', () => {
  const date = new Date('2026-03-05T14:07:09.250Z');
  it.each([
    ['January 2, 2006', 'March 5, 2026'],
    ['2006-01-02', '2026-03-05'],
    ['02/01/06', '05/03/26'],
    ['Mon Jan _2 15:04:05 MST 2006', 'Thu Mar  5 14:07:09 UTC 2026'],
    ['3:04 PM', '2:07 PM'],
    ['Monday, 2 January', 'Thursday, 5 March'],
    ['2006-01-02T15:04:05.000Z07:00', '2026-03-05T14:07:09.250Z'],
  ])('formats %j', (layout, expected) => {
    expect(formatGoDate(date, layout)).toBe(expected);
  });
});
