import { installMergedInlines, joinedInlines, mergedInlinesInstalled, type RenderedInline } from './merged-inlines';

const FONT = { name: 'DejaVuSans' };
const OTHER_FONT = { name: 'NotoSansSC' };

/** Words laid out one after another from x = 0, each 10 pt per character. */
function words(...specs: Array<string | Partial<RenderedInline>>): RenderedInline[] {
  let x = 0;
  return specs.map((spec) => {
    const word: RenderedInline = {
      font: FONT,
      fontSize: 10,
      color: 'black',
      opacity: 1,
      height: 12,
      ...(typeof spec === 'string' ? { text: spec } : spec),
      x,
      width: 0,
    } as RenderedInline;
    word.width = word.text.length * 10;
    x += word.width;
    return word;
  });
}

describe('joined words', () => {
  it('joins neighbouring words of the same look into one run placed where the first was, leaving pdfmake’s words as they were', () => {
    const line = words('Plan ', 'the ', 'study');
    const before = structuredClone(line);
    expect(joinedInlines(line)).toEqual([expect.objectContaining({ text: 'Plan the study', x: 0, width: 140 })]);
    expect(line).toEqual(before);
  });

  it('keeps apart words that differ in font, size, colour or height, and any word that draws something of its own', () => {
    const line = words(
      'a ',
      { text: 'b ', color: 'red' },
      { text: 'c ', font: OTHER_FONT },
      { text: 'd ', fontSize: 12 },
      { text: 'e ', link: 'https://doi.org/10.1145/97243.97281' },
      { text: 'f ', decoration: 'underline' },
      { text: 'g ', height: 14 },
      'h ',
      'i',
    );
    expect(joinedInlines(line).map((inline) => inline.text)).toEqual(['a ', 'b ', 'c ', 'd ', 'e ', 'f ', 'g ', 'h i']);
  });

  it('never joins right-to-left words, which the bidi hook has already put into visual order one by one', () => {
    const line = words('שלום ', 'עולם ', 'and ', 'more');
    expect(joinedInlines(line).map((inline) => inline.text)).toEqual(['שלום ', 'עולם ', 'and more']);
  });

  it('keeps words apart when the second does not start where the first ends', () => {
    const line = words('left ', 'right');
    line[1]!.x += 30;
    expect(joinedInlines(line)).toBe(line);
  });

  it('wraps pdfmake’s renderLine once and refuses a pdfmake without it', () => {
    expect(() => installMergedInlines({ prototype: {} })).toThrow(/pinned pdfmake/);
    const rendered: string[][] = [];
    const renderer = {
      prototype: {
        renderLine(line: { inlines: RenderedInline[] }) {
          rendered.push(line.inlines.map((inline) => inline.text));
        },
      } as { renderLine?: unknown },
    };
    installMergedInlines(renderer);
    installMergedInlines(renderer);
    expect(mergedInlinesInstalled(renderer)).toBe(true);
    const line = { inlines: words('one ', 'two') };
    (renderer.prototype.renderLine as (line: unknown, x: number, y: number) => void).call({}, line, 0, 0);
    expect(rendered).toEqual([['one two']]);
    expect(line.inlines).toHaveLength(2);
  });
});
