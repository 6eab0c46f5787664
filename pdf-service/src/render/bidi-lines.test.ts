import { bidiLinesInstalled, installBidiLines, type LaidOutLine, reorderLine, visualOrder } from './bidi-lines';
import { BIDI_LEVEL } from './script-runs';

/** A line as pdfmake lays it out: words in logical order, each 10 wide. */
function line(words: Array<[string, number?]>): LaidOutLine {
  return {
    inlines: words.map(([text, level], i) => ({ text, width: 10, x: i * 10, ...(level === undefined ? {} : { [BIDI_LEVEL]: level }) })),
    leadingCut: 0,
    trailingCut: 3,
  };
}

const shown = (laidOut: LaidOutLine) => laidOut.inlines.map((inline) => [inline.text, inline.x]);

describe('visual order (Unicode bidi rule L2)', () => {
  it('reverses each right-to-left stretch, numbers inside it keep their own order', () => {
    expect(visualOrder([0, 0, 0])).toEqual([0, 1, 2]);
    expect(visualOrder([1, 1, 1])).toEqual([2, 1, 0]);
    // "Hebrew: שלום עולם 123 and": the number stays on the left of the Hebrew words.
    expect(visualOrder([0, 1, 1, 2, 0])).toEqual([0, 3, 2, 1, 4]);
    expect(visualOrder([1, 1, 2, 2, 1])).toEqual([4, 2, 3, 1, 0]);
  });
});

describe('a laid-out line put into visual order', () => {
  it('leaves a line without right-to-left words exactly as it was', () => {
    const latin = line([['Hello '], ['world']]);
    reorderLine(latin);
    expect(shown(latin)).toEqual([
      ['Hello ', 0],
      ['world', 10],
    ]);
    expect(latin.trailingCut).toBe(3);
  });

  it('places right-to-left words from the right and sets their positions anew', () => {
    const hebrew = line([
      ['Hebrew: ', 0],
      ['שלום ', 1],
      ['עולם ', 1],
      ['123', 2],
      [' and', 0],
    ]);
    reorderLine(hebrew);
    // fontkit draws each Hebrew word right to left itself; the words' order is ours.
    expect(shown(hebrew)).toEqual([
      ['Hebrew: ', 0],
      ['123', 10],
      ['עולם ', 20],
      ['שלום ', 30],
      [' and', 40],
    ]);
  });

  it('mirrors brackets and turns punctuation that fontkit would leave left to right', () => {
    const arabic = line([
      ['مشروع ', 1],
      ['(نسخة ', 1],
      ['2', 2],
      [') ', 1],
      ['!', 1],
    ]);
    reorderLine(arabic);
    expect(arabic.inlines.map((inline) => inline.text)).toEqual(['!', ' (', '2', ')نسخة ', 'مشروع ']);
  });

  it('turns Arabic-Indic digits that fontkit would otherwise set backwards', () => {
    const digits = line([
      ['العدد ', 1],
      ['٣٤', 2],
    ]);
    reorderLine(digits);
    expect(digits.inlines.map((inline) => inline.text)).toEqual(['٤٣', 'العدد ']);
  });

  it('turns a word only once when pdfmake lays the same line out again', () => {
    const again = line([
      ['שלום', 1],
      [' -', 1],
    ]);
    reorderLine(again);
    const twice = { ...again, inlines: [...again.inlines].reverse() };
    reorderLine(twice);
    expect(again.inlines.map((inline) => inline.text)).toEqual(['- ', 'שלום']);
    expect(twice.inlines.find((inline) => inline.text.includes('-'))!.text).toBe('- ');
  });
});

describe('the hook in pdfmake', () => {
  it('wraps the line builder of the installed pdfmake once, and lays out lines through it', () => {
    installBidiLines();
    installBidiLines();
    expect(bidiLinesInstalled()).toBe(true);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the same internal module the hook wraps
    const builder = (require('pdfmake/js/LayoutBuilder') as { default: { prototype: Record<string, unknown> } }).default;
    expect(String(builder.prototype.buildNextLine)).toContain('reorderLine');
  });

  it('refuses a pdfmake whose line builder has no buildNextLine, instead of printing right-to-left text backwards', () => {
    expect(() => installBidiLines({ prototype: { layoutNextLine: () => null } as never })).toThrow(/buildNextLine is not a function/);
  });

  it('leaves a line it has already put in visual order as it is', () => {
    const mixed = line([
      ['Hebrew: ', 0],
      ['שלום ', 1],
      ['עולם ', 1],
      [' and', 0],
    ]);
    reorderLine(mixed);
    const once = shown(mixed);
    reorderLine(mixed);
    expect(shown(mixed)).toEqual(once);
  });
});
