import bidiFactory from 'bidi-js';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { mapDocumentText } from './document-text';

/** A pdfmake inline: its text and the style properties it carries (bold, font, …). */
export type Inline = { text: string } & Record<string, unknown>;

/** Which font family prints which code point (font-chain.ts, or a stand-in in tests). */
export interface FontCoverage {
  readonly primary: string;
  /** The primary when it has the glyph, else the first fallback that has it, else the primary (which shows a box). */
  familyFor(codePoint: number): string;
  covers(family: string, codePoint: number): boolean;
}

/** The inline property that carries a run's bidi embedding level to the line reordering (bidi-lines.ts). */
export const BIDI_LEVEL = 'bidiLevel';

/**
 * A character beyond Latin, Greek, Cyrillic, Armenian and the dashes, quotes
 * and currency signs of ordinary prose. Text without one needs neither
 * another font nor bidi, and (nearly every plan) leaves without a look at
 * each letter.
 */
const NEEDS_SOMETHING = /[^\t\n\r\u0020-\u058f\u2010-\u2027\u2030-\u205e\u20a0-\u20bf]/;
/** Hebrew, Arabic, Syriac, Thaana, NKo …, their presentation forms, RLM and the right-to-left embeddings. */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\u200f\u202b\u202e\u2067\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
/** Marks, joiners, variation selectors, skin tones and tags belong to the character before them. */
const JOINS_PREVIOUS = /^(?:\p{M}|\p{Emoji_Modifier}|\u200c|\u200d|[\u{e0020}-\u{e007f}])$/u;
/** Punctuation and digits stay in the font of the run they are in, if it has them, so runs do not fray. Spaces go back to the primary font (Noto Emoji's is very wide). */
const NEUTRAL = /^[\p{P}\p{N}]$/u;

/** A keycap (1️⃣, #️⃣): a digit, # or * with the keycap mark. The emoji font draws the whole sequence as one glyph. */
const KEYCAP = /^[0-9#*]\ufe0f?\u20e3$/;
/** Characters one at a time, except that a keycap sequence comes whole. */
const CHARACTERS = /[0-9#*]\ufe0f?\u20e3|[^]/gu;
const KEYCAP_MARK = 0x20e3;

/** The Unicode bidi algorithm (bidi-js), shared with bidi-lines.ts. */
export const bidi = bidiFactory();

/** Every text piece of a text node, each with the inline style it inherits from the inline objects around it. */
export function flattenInlines(text: unknown, inherited: Record<string, unknown> = {}): Inline[] {
  if (typeof text === 'string') return [{ ...inherited, text }];
  if (typeof text === 'number') return [{ ...inherited, text: String(text) }];
  if (Array.isArray(text)) return text.flatMap((part) => flattenInlines(part, inherited));
  if (typeof text === 'object' && text !== null && 'text' in text) {
    const { text: inner, ...style } = text as Record<string, unknown>;
    return flattenInlines(inner, { ...inherited, ...style });
  }
  return [];
}

export interface ScriptRuns {
  inlines: Inline[];
  /** The (first) paragraph's base direction is right to left: the text should be aligned right. */
  rightToLeft: boolean;
}

/**
 * Splits a text node's pieces into runs that one font can print and that
 * have one bidi level, in logical order; undefined when nothing needs doing.
 * A run in a fallback font names it (`font`); when the text has
 * right-to-left letters, each run carries its level. Brackets are mirrored
 * only once lines are broken (bidi-lines.ts): a mirrored "(" breaks differently.
 */
export function scriptRuns(pieces: Inline[], fonts: FontCoverage): ScriptRuns | undefined {
  const text = pieces.map((piece) => piece.text).join('');
  if (!NEEDS_SOMETHING.test(text)) return undefined;
  const levels = RIGHT_TO_LEFT.test(text) ? bidi.getEmbeddingLevels(text) : undefined;

  const inlines: Inline[] = [];
  let offset = 0;
  for (const piece of pieces) {
    let family = fonts.primary;
    let level: number | undefined;
    let run = '';
    const flush = () => {
      if (run === '') return;
      inlines.push({
        ...piece,
        text: run,
        ...(family === fonts.primary ? {} : { font: family }),
        ...(level === undefined ? {} : { [BIDI_LEVEL]: level }),
      });
      run = '';
    };
    for (const [char] of piece.text.matchAll(CHARACTERS)) {
      // A keycap goes to the font of its mark: the digit alone would be drawn in DejaVu, beside a box.
      const codePoint = KEYCAP.test(char) ? KEYCAP_MARK : char.codePointAt(0)!;
      const nextFamily = familyAfter(family, char, codePoint, fonts, run === '');
      const nextLevel = levels?.levels[offset];
      if (nextFamily !== family || nextLevel !== level) {
        flush();
        family = nextFamily;
        level = nextLevel;
      }
      run += char;
      offset += char.length;
    }
    flush();
  }
  const baseLevel = levels?.paragraphs[0]?.level ?? 0;
  return { inlines, rightToLeft: baseLevel % 2 === 1 };
}

/** The family for the next character, given the run's family so far. */
function familyAfter(current: string, char: string, codePoint: number, fonts: FontCoverage, runEmpty: boolean): string {
  if (!runEmpty && JOINS_PREVIOUS.test(char)) return current;
  if (!runEmpty && NEUTRAL.test(char) && fonts.covers(current, codePoint)) return current;
  return fonts.familyFor(codePoint);
}

/**
 * The document with every text split into script runs: letters DejaVu lacks
 * in a fallback font, right-to-left text with its bidi levels (the lines are
 * put into visual order as pdfmake lays them out: bidi-lines.ts), and
 * paragraphs that start right to left aligned right unless the layout chose
 * an alignment. Text that needs none of it is passed on as it is.
 */
export function withScriptRuns(document: TDocumentDefinitions, fonts: FontCoverage): TDocumentDefinitions {
  return mapDocumentText(document, (node) => {
    const runs = scriptRuns(flattenInlines(node.text), fonts);
    if (!runs) return node;
    const alignRight = runs.rightToLeft && node.alignment === undefined;
    return { ...node, text: runs.inlines, ...(alignRight ? { alignment: 'right' } : {}) };
  });
}
