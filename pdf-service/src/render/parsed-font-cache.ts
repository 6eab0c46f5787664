import path from 'node:path';

/** The part of a parsed fontkit font the fallback chain asks about. */
export interface ParsedFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

type Create = (buffer: Uint8Array, postscriptName?: string) => unknown;

let cachingCreate: Create | undefined;

/**
 * pdfkit parses every font file again for every document (fontkit.create on
 * the same bytes), which was more than half of a plan's render time. This
 * hands pdfkit a fontkit whose create() remembers the parsed font per buffer:
 * the bytes never change (they sit in pdfmake's memory file system for the
 * worker's life), and each document still builds its own glyph subset.
 * The font also remembers each glyph's outline bytes for subsetting (see
 * rememberGlyphData).
 * Must run before pdfmake (and with it pdfkit) is first required.
 */
export function shareParsedFonts(): void {
  const pdfkitEntry = require.resolve('pdfkit', { paths: [path.dirname(require.resolve('pdfmake'))] });
  const fontkitEntry = require.resolve('fontkit', { paths: [path.dirname(pdfkitEntry)] });
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module object itself is what gets wrapped
  const fontkit = require(fontkitEntry) as Record<string, unknown> & { create: Create };
  const parsed = new WeakMap<Uint8Array, Map<string, unknown>>();
  const wrapped: Record<string, unknown> = { ...fontkit };
  cachingCreate = (buffer, postscriptName) => {
    let byName = parsed.get(buffer);
    if (!byName) parsed.set(buffer, (byName = new Map()));
    const name = postscriptName ?? '';
    let font = byName.get(name);
    if (font === undefined) byName.set(name, (font = rememberGlyphData(fontkit.create(buffer, postscriptName))));
    return font;
  };
  wrapped.create = cachingCreate;
  require.cache[fontkitEntry]!.exports = wrapped;
}

/**
 * The font pdfkit will use for these bytes, parsed once: asking it which code
 * points it covers costs no second parse when the document later embeds it.
 */
export function parsedFont(buffer: Uint8Array): ParsedFont {
  if (!cachingCreate) throw new Error('shareParsedFonts() must run first');
  return cachingCreate(buffer) as ParsedFont;
}

/** What a TrueType subset keeps of each glyph it includes (fontkit's TTFSubset, as far as it is used here). */
interface TrueTypeSubset {
  font: TrueTypeFont;
  glyf: Uint8Array[];
  loca: { offsets: number[] };
  hmtx: { metrics: Array<{ advance: number; bearing: number }> };
  offset: number;
  includeGlyph(glyphId: number): number;
  _addGlyph(glyphId: number): number;
}

interface TrueTypeFont {
  loca?: { offsets: number[] };
  _variationProcessor?: unknown;
  createSubset(): unknown;
  getGlyph(glyphId: number): {
    advanceWidth: number;
    _decode(): { numberOfContours: number; components?: Array<{ glyphID: number; pos: number }> } | null;
    _getMetrics(): { leftBearing: number };
  };
  _getTableStream(table: string): { pos: number; readBuffer(length: number): Uint8Array };
}

/** A glyph as a subset copies it: its outline bytes, where a composite glyph names its parts, its metrics. */
interface GlyphData {
  bytes: Uint8Array;
  components: Array<{ glyphId: number; offset: number }> | null;
  advance: number;
  leftBearing: number;
}

const glyphDataByFont = new WeakMap<object, Map<number, GlyphData>>();
const subsetClassesHooked = new WeakSet<object>();

/**
 * Every document builds its own subset of each font it uses, and fontkit's
 * TrueType subset decodes each glyph's whole outline (every point, into
 * objects) only to learn whether it is made of other glyphs, then copies its
 * bytes. That decoding was a tenth of a Latin plan's render and much of its
 * garbage. The glyphs of a font never change, so the subset class now takes
 * what it needs from a table kept per font and per glyph: the same bytes,
 * parts and metrics, with a composite glyph's parts renumbered in a copy as
 * before. A font with variations (none here) keeps fontkit's own path, which
 * re-encodes outlines.
 */
function rememberGlyphData(font: unknown): unknown {
  const trueType = font as TrueTypeFont;
  if (typeof font !== 'object' || font === null || !trueType.loca || typeof trueType.createSubset !== 'function') return font;
  const subsetClass = Object.getPrototypeOf(trueType.createSubset()) as Partial<TrueTypeSubset>;
  if (subsetClassesHooked.has(subsetClass) || typeof subsetClass._addGlyph !== 'function') return font;
  subsetClassesHooked.add(subsetClass);
  const addGlyph = subsetClass._addGlyph;
  subsetClass._addGlyph = function (this: TrueTypeSubset, glyphId: number): number {
    if (this.font._variationProcessor) return addGlyph.call(this, glyphId);
    const glyph = glyphData(this.font, glyphId);
    let bytes = glyph.bytes;
    if (glyph.components) {
      bytes = new Uint8Array(bytes);
      const view = new DataView(bytes.buffer);
      for (const component of glyph.components) view.setUint16(component.offset, this.includeGlyph(component.glyphId));
    }
    this.glyf.push(bytes);
    this.loca.offsets.push(this.offset);
    this.hmtx.metrics.push({ advance: glyph.advance, bearing: glyph.leftBearing });
    this.offset += bytes.length;
    return this.glyf.length - 1;
  };
  return font;
}

/** A glyph's data, read from the font the first time any subset asks for it. */
function glyphData(font: TrueTypeFont, glyphId: number): GlyphData {
  let byGlyph = glyphDataByFont.get(font);
  if (!byGlyph) glyphDataByFont.set(font, (byGlyph = new Map()));
  let data = byGlyph.get(glyphId);
  if (data === undefined) {
    const glyph = font.getGlyph(glyphId);
    const decoded = glyph._decode();
    const offsets = font.loca!.offsets;
    const stream = font._getTableStream('glyf');
    stream.pos += offsets[glyphId]!;
    const bytes = stream.readBuffer(offsets[glyphId + 1]! - offsets[glyphId]!);
    const components =
      decoded && decoded.numberOfContours < 0
        ? (decoded.components ?? []).map((component) => ({ glyphId: component.glyphID, offset: component.pos }))
        : null;
    data = { bytes, components, advance: glyph.advanceWidth, leftBearing: glyph._getMetrics().leftBearing };
    byGlyph.set(glyphId, data);
  }
  return data;
}
