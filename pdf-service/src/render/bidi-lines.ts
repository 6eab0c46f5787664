import { BIDI_LEVEL, bidi } from './script-runs';

/** What pdfmake's Line holds after it laid out one line: its inlines (words), left to right in logical order. */
export interface LaidOutLine {
  inlines: Array<{ text: string; width: number; x: number } & Record<string, unknown>>;
  leadingCut: number;
  trailingCut: number;
}

/**
 * fontkit picks a word's script by its first character of a real script (not Common, Inherited or Unknown).
 * Script=Unknown is written as the categories it consists of (unassigned, private use, surrogates): the
 * same code points, and a form the regexp lint can analyse.
 */
const FIRST_OF_A_SCRIPT = /[^\p{Script=Common}\p{Script=Inherited}\p{Cn}\p{Co}\p{Cs}]/u;
const RIGHT_TO_LEFT_SCRIPT =
  /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;
/** Each inline's logical text once turned, so that laying it out again (a retried page) turns it only once. */
const logicalText = new WeakMap<object, string>();
/** Lines already in visual order: reordering one again would turn it back. */
const reordered = new WeakSet<LaidOutLine>();

/**
 * Puts the words of one laid-out line into visual order (Unicode bidi rule
 * L2: reverse every stretch at level k or above, from the highest level down
 * to the lowest odd one) and sets their x positions anew. It runs after
 * pdfmake has broken the paragraph into lines, so a right-to-left paragraph
 * reads from its first line down, each line right to left. Lines without
 * right-to-left text are left exactly as they were; a line given again is
 * left as it is, and a word's text is always made from its logical text.
 */
export function reorderLine(line: LaidOutLine): void {
  if (reordered.has(line)) return;
  const levels = line.inlines.map((inline) => inline[BIDI_LEVEL]);
  if (!levels.some((level) => typeof level === 'number' && level > 0)) return;
  reordered.add(line);
  const numeric = levels.map((level) => (typeof level === 'number' ? level : 0));
  const order = visualOrder(numeric);
  const inlines = order.map((index) => line.inlines[index]!);
  for (const [index, inline] of inlines.entries()) {
    const level = numeric[order[index]!]!;
    // fontkit reverses words of right-to-left scripts; spaces and punctuation at an odd level we turn ourselves.
    const logical = logicalText.get(inline) ?? inline.text;
    logicalText.set(inline, logical);
    inline.text = level % 2 === 1 ? rightToLeftText(logical) : leftToRightText(logical);
  }
  // Cut spaces now lie anywhere on the line; with no cuts, right-aligned lines end exactly at the margin.
  line.leadingCut = 0;
  line.trailingCut = 0;
  let x = 0;
  for (const inline of inlines) {
    inline.x = x;
    x += inline.width;
  }
  line.inlines = inlines;
}

/** Indices of items at these levels, in the order they are shown from left to right. */
export function visualOrder(levels: number[]): number[] {
  const order = levels.map((_, index) => index);
  const highest = Math.max(0, ...levels);
  const lowestOdd = Math.min(...levels.map((level) => (level % 2 === 1 ? level : level + 1)));
  for (let level = highest; level >= lowestOdd; level -= 1) {
    for (let start = 0; start < order.length;) {
      if (levels[order[start]!]! < level) {
        start += 1;
        continue;
      }
      let end = start;
      while (end < order.length && levels[order[end]!]! >= level) end += 1;
      order.splice(start, end - start, ...order.slice(start, end).reverse());
      start = end;
    }
  }
  return order;
}

/**
 * What to hand pdfkit so that a word comes out in the given direction.
 * pdfkit shapes a word's pieces between spaces one by one and sets them left
 * to right; fontkit turns a piece itself when its script is written right to
 * left (Arabic and Hebrew letters, but also Arabic-Indic digits). So each
 * piece is turned here exactly when fontkit's turn would leave it wrong.
 */
function visualPieces(logical: string, rightToLeft: boolean): string {
  const pieces = logical.split(/(?<=[ \t])/);
  if (rightToLeft) pieces.reverse();
  return pieces.map((piece) => (shapedRightToLeft(piece) === rightToLeft ? piece : [...piece].reverse().join(''))).join('');
}

/** A word at an odd level: brackets mirrored (only now: a mirrored "(" would have broken the line differently), set right to left. */
function rightToLeftText(logical: string): string {
  return visualPieces(Array.from(logical, (char) => bidi.getMirroredCharacter(char) ?? char).join(''), true);
}

/** A word at an even level; only Arabic-Indic digits, which fontkit would turn, need anything done. */
function leftToRightText(logical: string): string {
  return FIRST_OF_A_SCRIPT.test(logical) ? visualPieces(logical, false) : logical;
}

function shapedRightToLeft(piece: string): boolean {
  const first = FIRST_OF_A_SCRIPT.exec(piece)?.[0];
  return first !== undefined && RIGHT_TO_LEFT_SCRIPT.test(first);
}

/** pdfmake's LayoutBuilder, as far as the hook needs it. */
interface LineBuilder {
  prototype: { buildNextLine?: unknown };
}

type BuildNextLine = (this: unknown, node: unknown) => LaidOutLine | null;

/** Marks the wrapper, so that it is never wrapped twice and tests can see it is in place. */
const HOOK = Symbol('evalplan.bidiLines');

/** pdfmake's line builder: an internal module, which is why pdfmake's version is pinned exactly. */
function pdfmakeLayoutBuilder(): LineBuilder {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the class whose prototype gets the hook
  return (require('pdfmake/js/LayoutBuilder') as { default: LineBuilder }).default;
}

/**
 * Makes pdfmake put each line it lays out into visual order. pdfmake has no
 * bidi of its own and no hook between breaking lines and placing words, so
 * this wraps LayoutBuilder.buildNextLine once per worker. Throws when that
 * method is gone (another pdfmake), so a worker fails at start rather than
 * print right-to-left text backwards.
 */
export function installBidiLines(builder: LineBuilder = pdfmakeLayoutBuilder()): void {
  const buildNextLine = builder.prototype.buildNextLine;
  if (typeof buildNextLine !== 'function') {
    throw new Error('pdfmake LayoutBuilder.prototype.buildNextLine is not a function: the bidi line hook needs the pinned pdfmake');
  }
  if (HOOK in buildNextLine) return;
  const original = buildNextLine as BuildNextLine;
  const hooked: BuildNextLine = function (node) {
    const line = original.call(this, node);
    if (line) reorderLine(line);
    return line;
  };
  builder.prototype.buildNextLine = Object.assign(hooked, { [HOOK]: true });
}

/** Whether pdfmake's line builder has the hook (tests). */
export function bidiLinesInstalled(builder: LineBuilder = pdfmakeLayoutBuilder()): boolean {
  const buildNextLine = builder.prototype.buildNextLine;
  return typeof buildNextLine === 'function' && HOOK in buildNextLine;
}
