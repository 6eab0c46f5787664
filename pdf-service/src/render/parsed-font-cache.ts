import path from 'node:path';

/** The part of a parsed fontkit font the fallback chain asks about. */
export interface ParsedFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

type Create = (buffer: Uint8Array, postscriptName?: string) => unknown;

/** What pdfkit reads of a fontkit GlyphRun: its glyphs and their positions (advanceWidth is a getter over them). */
interface GlyphRun {
  glyphs: unknown[];
  positions: object[];
}

type Layout = (text: string, ...options: unknown[]) => GlyphRun;

/**
 * Only words of up to this many code points are remembered: prose words and
 * single ideographs. Longer ones are rare in prose but not in what pdfmake
 * measures when it breaks a long word without spaces (a dozen prefixes per
 * line, each hundreds of letters long), which would fill the memory with
 * shapings never asked for again.
 */
export const MAX_REMEMBERED_WORD = 32;

/**
 * Glyphs remembered per font: a remembered word costs about 120 bytes per
 * glyph (its positions, its glyph list and the run), so about 4 MB per face
 * at most. Past it the least recently used words are forgotten first.
 */
export const MAX_REMEMBERED_GLYPHS = 32_768;

/** What a font remembers: the words, least recently used first, and their glyphs in all. */
interface Remembered {
  runs: Map<string, GlyphRun>;
  glyphs: number;
}

const rememberedByFont = new WeakMap<object, Remembered>();

let cachingCreate: Create | undefined;

/**
 * pdfkit parses every font file again for every document (fontkit.create on
 * the same bytes), which was more than half of a plan's render time. This
 * hands pdfkit a fontkit whose create() remembers the parsed font per buffer:
 * the bytes never change (they sit in pdfmake's memory file system for the
 * worker's life), and each document still builds its own glyph subset.
 * The font also remembers how it shaped each word (see rememberLayouts).
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
    if (font === undefined) byName.set(name, (font = rememberLayouts(fontkit.create(buffer, postscriptName))));
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

/**
 * pdfkit shapes each word (the text between spaces; every ideograph, as
 * pdfmake breaks CJK text between any two) with fontkit's layout, and
 * remembers the result only for one document. Shaping runs the font's
 * OpenType lookups, which in the large CJK fonts was the biggest part of a
 * render once subsetting was cheap, and plans repeat the catalog's words
 * anyway. So the font keeps short words' shaping across documents (within
 * MAX_REMEMBERED_GLYPHS) and hands out copies: pdfkit scales a run's
 * positions in place. Only the plain
 * call (no features, script or direction given) is remembered, the only one
 * pdfkit makes unless a document asks for font features.
 */
function rememberLayouts(font: unknown): unknown {
  if (typeof font !== 'object' || font === null || typeof (font as { layout?: unknown }).layout !== 'function') return font;
  const target = font as { layout: Layout };
  const layout = target.layout.bind(target);
  const remembered: Remembered = { runs: new Map(), glyphs: 0 };
  rememberedByFont.set(target, remembered);
  const { runs } = remembered;
  target.layout = (text, ...options) => {
    if (typeof text !== 'string' || options.some((option) => option !== undefined)) return layout(text, ...options);
    // text.length bounds the code points from above: only a long word needs counting.
    if (text.length > MAX_REMEMBERED_WORD && [...text].length > MAX_REMEMBERED_WORD) return layout(text);
    let run = runs.get(text);
    if (run === undefined) {
      run = layout(text);
      remembered.glyphs += run.glyphs.length;
      // A Map iterates in insertion order: the first key is the least recently used.
      for (const [oldest, old] of runs) {
        if (remembered.glyphs <= MAX_REMEMBERED_GLYPHS) break;
        runs.delete(oldest);
        remembered.glyphs -= old.glyphs.length;
      }
    } else {
      runs.delete(text);
    }
    runs.set(text, run);
    return copyOfRun(run);
  };
  return font;
}

/** How many words (and their glyphs in all) a font parsed by the shared fontkit remembers; for tests. */
export function rememberedLayouts(font: unknown): { words: number; glyphs: number } | undefined {
  const remembered = typeof font === 'object' && font !== null ? rememberedByFont.get(font) : undefined;
  return remembered && { words: remembered.runs.size, glyphs: remembered.glyphs };
}

/** A run whose positions (and glyph list) the caller may change without touching the remembered one. */
function copyOfRun(run: GlyphRun): GlyphRun {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(run) as object) as GlyphRun, run);
  copy.glyphs = run.glyphs.slice();
  copy.positions = run.positions.map((position) =>
    Object.assign(Object.create(Object.getPrototypeOf(position) as object) as object, position),
  );
  return copy;
}
