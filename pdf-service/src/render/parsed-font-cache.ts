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
    if (font === undefined) byName.set(name, (font = fontkit.create(buffer, postscriptName)));
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
