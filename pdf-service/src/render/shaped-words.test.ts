import { readFileSync } from 'node:fs';
import path from 'node:path';
import { shareParsedFonts } from './parsed-font-cache';
import { MAX_REMEMBERED_GLYPHS, MAX_REMEMBERED_WORD, rememberedWords, shareShapedWords } from './shaped-words';

interface Run {
  glyphs: Array<{ id: number; advanceWidth: number }>;
  positions: Array<{ xAdvance: number; advanceWidth: number }>;
  advanceWidth: number;
}
/** pdfkit's EmbeddedFont as pdfmake hands it out. */
interface EmbeddedFont {
  font: { unitsPerEm: number; layout(text: string): Run };
  layoutCached(text: string): Run;
  widthOfString(text: string, size: number): number;
}
interface PdfmakeDocument {
  provideFont(family: string, bold: boolean, italics: boolean): EmbeddedFont;
}

shareParsedFonts();
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after shareParsedFonts, as the worker does
const pdfmake = require('pdfmake') as { virtualfs: { writeFileSync(name: string, data: Buffer): void } };
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the class whose fonts get the hook
const DocumentClass = (require('pdfmake/js/PDFDocument') as { default: new (...args: unknown[]) => PdfmakeDocument }).default;

const DEJAVU = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans.ttf');
pdfmake.virtualfs.writeFileSync('DejaVuSans.ttf', readFileSync(DEJAVU));
const FACES = { normal: 'DejaVuSans.ttf', bold: 'DejaVuSans.ttf', italics: 'DejaVuSans.ttf', bolditalics: 'DejaVuSans.ttf' };

shareShapedWords();

/** DejaVu Sans in a new document, as pdfmake provides it to every document. */
function documentFont(): EmbeddedFont {
  const document = new DocumentClass({ DejaVu: FACES }, {}, {}, {}, { autoFirstPage: false, font: null }, pdfmake.virtualfs);
  return document.provideFont('DejaVu', false, false);
}

describe('shaped words shared across documents', () => {
  it('hands every document the same run, scaled to 1000 units once, whose widths fontkit confirms', () => {
    const first = documentFont();
    const run = first.layoutCached('Ünïcödé ');
    const width = first.widthOfString('Ünïcödé', 10);
    const later = documentFont();
    expect(later).not.toBe(first);
    expect(later.layoutCached('Ünïcödé ')).toBe(run);
    // Scaled once, not once per document: the width is still fontkit's own, in 1000 units per em.
    const fresh = later.font.layout('Ünïcödé ');
    const scale = 1000 / later.font.unitsPerEm;
    expect(run.advanceWidth).toBeCloseTo(fresh.advanceWidth * scale, 9);
    expect(run.positions.map((position) => position.advanceWidth)).toEqual(fresh.glyphs.map((glyph) => glyph.advanceWidth * scale));
    expect(later.widthOfString('Ünïcödé', 10)).toBe(width);
    expect(documentFont().widthOfString('Ünïcödé', 10)).toBe(width);
  });

  it('shapes long words afresh in every document (the prefixes pdfmake measures when it breaks a word without spaces)', () => {
    const font = documentFont();
    const before = rememberedWords(font.font)!;
    const long = 'x'.repeat(MAX_REMEMBERED_WORD + 1);
    expect(font.layoutCached(long).glyphs).toHaveLength(MAX_REMEMBERED_WORD + 1);
    for (let length = MAX_REMEMBERED_WORD + 1; length < 400; length += 7) documentFont().layoutCached('y'.repeat(length));
    expect(rememberedWords(font.font)).toEqual(before);
    expect(documentFont().layoutCached(long)).not.toBe(font.layoutCached(long));
    font.layoutCached('z'.repeat(MAX_REMEMBERED_WORD));
    expect(rememberedWords(font.font)!.words).toBe(before.words + 1);
  });

  it('stays within its glyph budget, forgetting the least recently used words first', () => {
    const word = (i: number) => `w${i.toString(36).padStart(7, '0')}`;
    let font = documentFont();
    const kept = font.layoutCached('kept');
    const count = Math.ceil((2 * MAX_REMEMBERED_GLYPHS) / 8);
    for (let i = 0; i < count; i += 1) {
      // A new document now and then: the words are remembered by the parsed font, not by a document.
      if (i % 500 === 0) font = documentFont();
      font.layoutCached(word(i));
      // Used again and again, so never the least recently used.
      if (i % 1000 === 0) expect(font.layoutCached('kept')).toBe(kept);
    }
    const remembered = rememberedWords(font.font)!;
    expect(remembered.glyphs).toBeLessThanOrEqual(MAX_REMEMBERED_GLYPHS);
    expect(remembered.glyphs).toBeGreaterThan(MAX_REMEMBERED_GLYPHS - 8);
    // The often used word and the recent ones are still there; the first ones are gone.
    const next = documentFont();
    expect(next.layoutCached('kept')).toBe(kept);
    const recent = font.layoutCached(word(count - 1));
    expect(next.layoutCached(word(count - 1))).toBe(recent);
    expect(rememberedWords(font.font)!.words).toBe(remembered.words);
    next.layoutCached(word(1));
    expect(rememberedWords(font.font)!.glyphs).toBeLessThanOrEqual(MAX_REMEMBERED_GLYPHS);
  });

  it('refuses to install over a pdfmake without provideFont', () => {
    expect(() => shareShapedWords({ prototype: {} })).toThrow(/pinned pdfmake/);
  });
});
