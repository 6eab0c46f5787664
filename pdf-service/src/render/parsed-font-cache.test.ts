import { readFileSync } from 'node:fs';
import path from 'node:path';
import { shareParsedFonts } from './parsed-font-cache';

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
