import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parsedFont, shareParsedFonts } from './parsed-font-cache';

interface Subset {
  includeGlyph(glyphId: number): number;
  encode(): Uint8Array;
}
interface Font {
  glyphForCodePoint(codePoint: number): { id: number };
  createSubset(): Subset;
}
interface Fontkit {
  create(buffer: Uint8Array): Font;
}

/** The fontkit pdfkit requires, as it requires it: the shared one once shareParsedFonts has run. */
function pdfkitsFontkit(): Fontkit {
  const pdfkitEntry = require.resolve('pdfkit', { paths: [path.dirname(require.resolve('pdfmake'))] });
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module pdfkit gets
  return require(require.resolve('fontkit', { paths: [path.dirname(pdfkitEntry)] })) as Fontkit;
}

const DEJAVU = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans.ttf');
/** Plain letters, and composite glyphs (é, Ä, ǻ, ř, Ő are a base glyph and accents), some sharing parts. */
const TEXT = 'Quest log: Ünïcödé ǻ ř Ő Å 1a é';

function subsetOf(font: Font, text: string): Buffer {
  const subset = font.createSubset();
  for (const character of text) subset.includeGlyph(font.glyphForCodePoint(character.codePointAt(0)!).id);
  return Buffer.from(subset.encode());
}

// Taken before shareParsedFonts changes anything: fontkit's own subsetting of a font it parsed itself.
const ownFontkit = pdfkitsFontkit();
const bytes = readFileSync(DEJAVU);
const reference = subsetOf(ownFontkit.create(Buffer.from(bytes)), TEXT);
const referenceAccents = subsetOf(ownFontkit.create(Buffer.from(bytes)), 'éèêë');

shareParsedFonts();

describe('parsed fonts shared across documents', () => {
  it('parses a buffer once: pdfkit and the fallback chain get the same font', () => {
    const font = pdfkitsFontkit().create(bytes);
    expect(pdfkitsFontkit().create(bytes)).toBe(font);
    expect(parsedFont(bytes)).toBe(font);
    expect(pdfkitsFontkit().create(Buffer.from(bytes))).not.toBe(font);
  });

  it('subsets glyphs from remembered glyph data into exactly the font file fontkit itself builds', () => {
    const font = pdfkitsFontkit().create(bytes);
    const first = subsetOf(font, TEXT);
    expect(first.equals(reference)).toBe(true);
    // Again, now from the remembered data, and composite parts renumbered for another subset.
    expect(subsetOf(font, TEXT).equals(reference)).toBe(true);
    expect(subsetOf(font, 'éèêë').equals(referenceAccents)).toBe(true);
    expect(subsetOf(font, TEXT).equals(reference)).toBe(true);
  });
});
