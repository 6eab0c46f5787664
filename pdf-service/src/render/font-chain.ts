import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LAYOUT_FONT } from './built-in-layout'; // pure data: loads no pdfmake code
import { isCjk } from './cjk';
import { type ParsedFont, parsedFont } from './parsed-font-cache';
import type { FontCoverage } from './script-runs';

/** The four faces pdfmake asks for, as absolute file paths. */
interface Faces {
  normal: string;
  bold: string;
  italics: string;
  bolditalics: string;
}

interface Family {
  name: string;
  faces: Faces;
  /** A cheap test of whether the family is worth loading for a code point at all. */
  mayCover?: (codePoint: number) => boolean;
}

const packageDir = (entry: string) => path.dirname(require.resolve(entry));

/** Upright and bold only: the fallbacks have no italics, so italic text takes the upright face. */
function uprightAndBold(normal: string, bold: string): Faces {
  return { normal, bold, italics: normal, bolditalics: bold };
}

const DEJAVU = path.join(packageDir('dejavu-fonts-ttf/package.json'), 'ttf');
/** A face of one of the Google Fonts packages (one folder per weight, e.g. 400Regular/NotoSansSC_400Regular.ttf). */
const googleFontsFace = (family: string, fileStem: string, weight: string) =>
  path.join(packageDir(`@expo-google-fonts/${family}/package.json`), weight, `${fileStem}_${weight}.ttf`);

/** Pictographs, flags, skin tones and the keycap mark (U+20E3, which turns "1" into the keycap 1️⃣). */
const EMOJI = /[\p{Extended_Pictographic}\p{Regional_Indicator}\u{1f3fb}-\u{1f3ff}]|\u20e3/u;
const isEmoji = (codePoint: number) => EMOJI.test(String.fromCodePoint(codePoint));

/** DejaVu Sans: Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew, Arabic, many symbols. */
const PRIMARY: Family = {
  name: LAYOUT_FONT,
  faces: {
    normal: path.join(DEJAVU, 'DejaVuSans.ttf'),
    bold: path.join(DEJAVU, 'DejaVuSans-Bold.ttf'),
    italics: path.join(DEJAVU, 'DejaVuSans-Oblique.ttf'),
    bolditalics: path.join(DEJAVU, 'DejaVuSans-BoldOblique.ttf'),
  },
};

/** A Google Fonts family's Regular and Bold faces. */
const googleFontsFamily = (name: string, family: string, fileStem: string, mayCover: Family['mayCover']): Family => ({
  name,
  faces: uprightAndBold(googleFontsFace(family, fileStem, '400Regular'), googleFontsFace(family, fileStem, '700Bold')),
  mayCover,
});

/**
 * Tried in this order for what DejaVu lacks. Noto Sans SC first: it has
 * simplified and traditional hanzi, kanji and kana, so Chinese and Japanese
 * text stays in one face; Noto Sans KR adds hangul; Noto Emoji (monochrome)
 * the emoji. The CJK faces are Google Fonts' TrueType-outline builds, not
 * the CFF-outline originals: fontkit subsets glyf outlines by copying their
 * bytes, but CFF ones by decoding and re-encoding the font's subroutines,
 * which made a CJK plan's render several times slower (and its first render
 * over a second) for the same glyphs.
 */
const FALLBACKS: Family[] = [
  googleFontsFamily('NotoSansSC', 'noto-sans-sc', 'NotoSansSC', isCjk),
  googleFontsFamily('NotoSansKR', 'noto-sans-kr', 'NotoSansKR', isCjk),
  googleFontsFamily('NotoEmoji', 'noto-emoji', 'NotoEmoji', isEmoji),
];

/** The memory file name of a face: the file's own name (they differ between all families). */
const memoryName = (file: string) => path.basename(file);

/**
 * The fonts of the built-in layout: DejaVu Sans, then the fallbacks. A
 * fallback's files are read into pdfmake's memory file system the first time
 * a document has a code point DejaVu lacks and the fallback may cover, so a
 * plan in Latin script never reads or parses them. One per worker thread.
 */
export class FontChain implements FontCoverage {
  readonly primary = PRIMARY.name;
  private readonly loaded = new Map<string, ParsedFont>();
  /** Code points already placed: prose repeats its letters. */
  private readonly familyOf = new Map<number, string>();

  /** @param store puts a file into pdfmake's memory file system */
  constructor(private readonly store: (name: string, bytes: Buffer) => void) {}

  /** pdfmake's font dictionary: every family, by memory file name (a fallback's files arrive when first needed). */
  get pdfmakeFonts(): Record<string, Faces> {
    const byMemoryName = ({ normal, bold, italics, bolditalics }: Faces): Faces => ({
      normal: memoryName(normal),
      bold: memoryName(bold),
      italics: memoryName(italics),
      bolditalics: memoryName(bolditalics),
    });
    return Object.fromEntries([PRIMARY, ...FALLBACKS].map((family) => [family.name, byMemoryName(family.faces)]));
  }

  /** Reads the primary family; the fallbacks wait until a document needs them. */
  loadPrimary(): void {
    this.load(PRIMARY);
  }

  /** Whether the family has been read (tests check that Latin text never loads a fallback). */
  isLoaded(family: string): boolean {
    return this.loaded.has(family);
  }

  familyFor(codePoint: number): string {
    let family = this.familyOf.get(codePoint);
    if (family === undefined) {
      family = this.findFamily(codePoint);
      this.familyOf.set(codePoint, family);
    }
    return family;
  }

  covers(family: string, codePoint: number): boolean {
    return this.loaded.get(family)?.hasGlyphForCodePoint(codePoint) ?? false;
  }

  private findFamily(codePoint: number): string {
    if (this.load(PRIMARY).hasGlyphForCodePoint(codePoint)) return PRIMARY.name;
    const fallback = FALLBACKS.find((family) => family.mayCover?.(codePoint) && this.load(family).hasGlyphForCodePoint(codePoint));
    return fallback?.name ?? PRIMARY.name;
  }

  /** Reads a family's faces once; the upright face answers which code points it covers. */
  private load(family: Family): ParsedFont {
    let font = this.loaded.get(family.name);
    if (font) return font;
    const buffers = new Map<string, Buffer>();
    for (const file of new Set(Object.values(family.faces))) {
      const bytes = readFileSync(file);
      buffers.set(file, bytes);
      this.store(memoryName(file), bytes);
    }
    // The very buffer pdfmake will hand pdfkit: parsed once, for coverage and embedding alike.
    font = parsedFont(buffers.get(family.faces.normal)!);
    this.loaded.set(family.name, font);
    return font;
  }
}
