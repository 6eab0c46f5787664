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
 * Shaped words remembered per font. Past this many distinct ones (a worker
 * that has printed very many plans) the memory starts over rather than grow
 * without bound: a word costs a few hundred bytes.
 */
export const MAX_REMEMBERED_LAYOUTS = 20_000;

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
 * anyway. So the font keeps each word's shaping for the worker's life and
 * hands out copies: pdfkit scales a run's positions in place. Only the plain
 * call (no features, script or direction given) is remembered, the only one
 * pdfkit makes unless a document asks for font features.
 */
function rememberLayouts(font: unknown): unknown {
  if (typeof font !== 'object' || font === null || typeof (font as { layout?: unknown }).layout !== 'function') return font;
  const target = font as { layout: Layout };
  const layout = target.layout.bind(target);
  const runs = new Map<string, GlyphRun>();
  target.layout = (text, ...options) => {
    if (typeof text !== 'string' || options.some((option) => option !== undefined)) return layout(text, ...options);
    let run = runs.get(text);
    if (run === undefined) {
      if (runs.size >= MAX_REMEMBERED_LAYOUTS) runs.clear();
      runs.set(text, (run = layout(text)));
    }
    return copyOfRun(run);
  };
  return font;
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
