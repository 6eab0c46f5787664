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

/** What pdfkit reads of a fontkit GlyphRun: its glyphs and their positions (advanceWidth is a getter over them). */
export interface GlyphRun {
  glyphs: unknown[];
  positions: object[];
  readonly advanceWidth: number;
}

/** pdfkit's EmbeddedFont, as far as the hook needs it: one per font and document. */
interface EmbeddedFont {
  /** The parsed fontkit font: shared by every document of the worker (see shareParsedFonts). */
  font: object;
  /** The document's own memory of shaped words; absent when a document turns it off. */
  layoutCache?: Record<string, GlyphRun>;
  layoutRun(text: string): GlyphRun;
  layoutCached?: (text: string) => GlyphRun;
}

/** pdfmake's PDFDocument, as far as the hook needs it. */
interface DocumentClass {
  prototype: { provideFont?: unknown };
}

/** What a font remembers: the words, least recently used first, and their glyphs in all. */
interface Remembered {
  runs: Map<string, GlyphRun>;
  glyphs: number;
}

const rememberedByFont = new WeakMap<object, Remembered>();
/** Marks the wrapper, so that it is never installed twice. */
const HOOK = Symbol('evalplan.sharedShapedWords');

/**
 * pdfkit shapes each word (the text between spaces; every ideograph, as
 * pdfmake breaks CJK text between any two) with fontkit's layout, scales the
 * run to its 1000-unit em in place and remembers it for one document. The
 * shaping runs the font's OpenType lookups (the largest part of a CJK plan
 * once subsetting was cheap), and plans repeat the catalog's words anyway.
 * pdfkit only reads a run after scaling it: it concatenates positions into
 * new arrays and copies one before changing it for word spacing. So a scaled
 * run can serve every document: the font keeps its short words across
 * documents (within MAX_REMEMBERED_GLYPHS) and hands out the run itself,
 * with nothing copied or scaled again. A document without its own cache
 * (fontLayoutCache: false) and calls with font features keep pdfkit's path.
 */
function sharedLayoutCached(this: EmbeddedFont, text: string): GlyphRun {
  const cache = this.layoutCache;
  if (!cache) return this.layoutRun(text);
  let run = cache[text];
  if (run === undefined) cache[text] = run = rememberedRun(this, text);
  return run;
}

function rememberedRun(embedded: EmbeddedFont, text: string): GlyphRun {
  // text.length bounds the code points from above: only a long word needs counting.
  if (text.length > MAX_REMEMBERED_WORD && [...text].length > MAX_REMEMBERED_WORD) return embedded.layoutRun(text);
  let remembered = rememberedByFont.get(embedded.font);
  if (!remembered) rememberedByFont.set(embedded.font, (remembered = { runs: new Map(), glyphs: 0 }));
  const { runs } = remembered;
  let run = runs.get(text);
  if (run === undefined) {
    run = embedded.layoutRun(text);
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
  return run;
}

/** pdfmake's PDFDocument (a pdfkit document): an internal module, which is why pdfmake's version is pinned exactly. */
function pdfmakeDocument(): DocumentClass {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the class whose fonts get the hook
  return (require('pdfmake/js/PDFDocument') as { default: DocumentClass }).default;
}

/**
 * Makes pdfkit's embedded fonts share their shaped words across documents.
 * pdfkit does not export its EmbeddedFont class, so the hook waits for the
 * first font pdfmake asks for, puts sharedLayoutCached on that font's class
 * and takes itself out again. Throws when pdfmake's provideFont is gone, or
 * the font class has no layoutCached (another pdfmake or pdfkit), so a worker
 * fails at its first plan rather than render differently.
 */
export function shareShapedWords(documentClass: DocumentClass = pdfmakeDocument()): void {
  const provideFont = documentClass.prototype.provideFont;
  if (typeof provideFont !== 'function') {
    throw new Error('pdfmake PDFDocument.prototype.provideFont is not a function: shared shaping needs the pinned pdfmake');
  }
  if (HOOK in provideFont) return;
  const original = provideFont as (this: unknown, ...args: unknown[]) => unknown;
  const hooked = function (this: unknown, ...args: unknown[]): unknown {
    const font = original.apply(this, args);
    const fontClass = Object.getPrototypeOf(font) as Partial<EmbeddedFont>;
    if (typeof fontClass.layoutCached !== 'function' || typeof fontClass.layoutRun !== 'function') {
      throw new Error('pdfkit EmbeddedFont has no layoutCached/layoutRun: shared shaping needs the pinned pdfmake');
    }
    fontClass.layoutCached = sharedLayoutCached;
    documentClass.prototype.provideFont = original;
    return font;
  };
  documentClass.prototype.provideFont = Object.assign(hooked, { [HOOK]: true });
}

/** How many words (and their glyphs in all) a parsed font remembers; for tests. */
export function rememberedWords(font: object): { words: number; glyphs: number } | undefined {
  const remembered = rememberedByFont.get(font);
  return remembered && { words: remembered.runs.size, glyphs: remembered.glyphs };
}
