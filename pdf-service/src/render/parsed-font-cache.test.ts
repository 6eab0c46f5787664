import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MAX_REMEMBERED_GLYPHS, MAX_REMEMBERED_WORD, rememberedLayouts, shareParsedFonts } from './parsed-font-cache';

shareParsedFonts();

interface Position {
  xAdvance: number;
}
interface Run {
  glyphs: Array<{ id: number }>;
  positions: Position[];
  advanceWidth: number;
}
interface Font {
  layout(text: string, features?: string[]): Run;
}

/** DejaVu Sans through the fontkit that pdfkit gets (the one shareParsedFonts installed). */
function dejaVu(): Font {
  const pdfkitEntry = require.resolve('pdfkit', { paths: [path.dirname(require.resolve('pdfmake'))] });
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the fontkit pdfkit requires, as it requires it
  const fontkit = require(require.resolve('fontkit', { paths: [path.dirname(pdfkitEntry)] })) as {
    create(buffer: Uint8Array): Font;
  };
  const file = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans.ttf');
  return fontkit.create(readFileSync(file));
}

describe('shaped words shared across documents', () => {
  it('gives the same shaping again, in a copy that the caller may scale without changing the next answer', () => {
    const font = dejaVu();
    const first = font.layout('Ünïcödé');
    const width = first.advanceWidth;
    const glyphs = first.glyphs.map((glyph) => glyph.id);
    // What pdfkit does to a run: scale its positions in place.
    for (const position of first.positions) position.xAdvance *= 0.5;

    const again = font.layout('Ünïcödé');
    expect(again).not.toBe(first);
    expect(again.advanceWidth).toBe(width);
    expect(again.glyphs.map((glyph) => glyph.id)).toEqual(glyphs);
  });

  it('shapes a call with features afresh', () => {
    const font = dejaVu();
    const plain = font.layout('fi');
    expect(font.layout('fi', ['liga'])).not.toBe(plain);
    expect(font.layout('fi', ['liga']).advanceWidth).toBeGreaterThan(0);
  });
});

describe('the memory for shaped words', () => {
  it('does not remember long words (the prefixes pdfmake measures when it breaks a word without spaces)', () => {
    const font = dejaVu();
    const before = rememberedLayouts(font)!;
    const long = 'x'.repeat(MAX_REMEMBERED_WORD + 1);
    expect(font.layout(long).glyphs).toHaveLength(MAX_REMEMBERED_WORD + 1);
    for (let length = MAX_REMEMBERED_WORD + 1; length < 400; length += 7) font.layout('y'.repeat(length));
    expect(rememberedLayouts(font)).toEqual(before);
    font.layout('z'.repeat(MAX_REMEMBERED_WORD));
    expect(rememberedLayouts(font)!.words).toBe(before.words + 1);
  });

  it('stays within its glyph budget, forgetting the least recently used words first', () => {
    const font = dejaVu();
    const word = (i: number) => `w${i.toString(36).padStart(7, '0')}`;
    font.layout('kept');
    const count = Math.ceil((2 * MAX_REMEMBERED_GLYPHS) / 8);
    for (let i = 0; i < count; i += 1) {
      font.layout(word(i));
      // Used again and again, so never the least recently used.
      if (i % 1000 === 0) font.layout('kept');
    }
    const remembered = rememberedLayouts(font)!;
    expect(remembered.glyphs).toBeLessThanOrEqual(MAX_REMEMBERED_GLYPHS);
    expect(remembered.glyphs).toBeGreaterThan(MAX_REMEMBERED_GLYPHS - 8);
    const sizeBefore = remembered.words;
    // The recent words and the often used one are still there: asking again adds nothing.
    font.layout('kept');
    font.layout(word(count - 1));
    expect(rememberedLayouts(font)!.words).toBe(sizeBefore);
  });
});
