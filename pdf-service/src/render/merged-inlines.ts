/**
 * pdfmake writes every word of a line to the PDF as a text object of its own
 * (its renderer says so in a TODO): a font, a colour, a position and a glyph
 * run per word, most of a render's time in pdfkit and much of the content
 * stream that zlib then compresses. This hands the renderer each line with
 * neighbouring words of the same look joined into one run, placed where the
 * first word was: the same words at the same places, a fifth of the render
 * time gone on a typical plan (docs/benchmarks.md, issue 40).
 *
 * Words are joined only when nothing about them differs (font, size,
 * colour, opacity, line height) and nothing draws per word (links, page
 * references, decorations, backgrounds, sub- and superscript, letter
 * spacing, font features), and only when the second starts where the first
 * ends. Right-to-left text is never joined: bidi-lines.ts has put its words
 * into visual order one by one, and shaping a joined run would reverse them
 * again.
 */

/** A laid-out word as pdfmake's renderer reads it. */
export interface RenderedInline extends Record<string, unknown> {
  text: string;
  x: number;
  width: number;
  height?: number;
  font?: unknown;
  fontSize?: number;
  color?: unknown;
  opacity?: unknown;
}

interface RenderedLine {
  inlines: RenderedInline[];
}

type RenderLine = (this: unknown, line: RenderedLine, x: number, y: number) => unknown;

interface RendererClass {
  prototype: { renderLine?: unknown };
}

/** Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and their presentation forms. */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]|[\ud802\ud803\ud83a\ud83b]/;

/** Properties that draw something per word, or change how a word is set: a word with any of them stays alone. */
const DRAWN_PER_WORD = [
  'link',
  'linkToPage',
  'linkToDestination',
  '_pageNodeRef',
  'decoration',
  'background',
  'sup',
  'sub',
  'characterSpacing',
  'fontFeatures',
] as const;

/** How close, in points, the next word must start to where the previous ends (rounding of the widths). */
const ADJACENT = 0.01;

const alone = (inline: RenderedInline): boolean => DRAWN_PER_WORD.some((name) => Boolean(inline[name])) || RIGHT_TO_LEFT.test(inline.text);

function joinable(previous: RenderedInline, next: RenderedInline): boolean {
  return (
    previous.font === next.font &&
    previous.fontSize === next.fontSize &&
    previous.color === next.color &&
    previous.opacity === next.opacity &&
    previous.height === next.height &&
    Math.abs(previous.x + previous.width - next.x) < ADJACENT &&
    !alone(next)
  );
}

/** The line's words with neighbours of the same look joined; the line itself when nothing joins. */
export function joinedInlines(inlines: RenderedInline[]): RenderedInline[] {
  if (inlines.length < 2) return inlines;
  const joined: RenderedInline[] = [];
  let run: RenderedInline | undefined;
  // Whether the run may take more words, and whether it is already a copy of pdfmake's laid-out word.
  let open = false;
  let copied = false;
  for (const inline of inlines) {
    if (run && open && joinable(run, inline)) {
      if (!copied) {
        run = { ...run };
        joined[joined.length - 1] = run;
        copied = true;
      }
      run.text += inline.text;
      run.width = inline.x + inline.width - run.x;
      continue;
    }
    run = inline;
    open = !alone(inline);
    copied = false;
    joined.push(inline);
  }
  return joined.length === inlines.length ? inlines : joined;
}

/** Marks the wrapper, so that it is never wrapped twice and tests can see it is in place. */
const HOOK = Symbol('evalplan.mergedInlines');

/** pdfmake's renderer: an internal module, which is why pdfmake's version is pinned exactly. */
function pdfmakeRenderer(): RendererClass {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the class whose prototype gets the hook
  return (require('pdfmake/js/Renderer') as { default: RendererClass }).default;
}

/**
 * Wraps pdfmake's Renderer.renderLine once per worker so that it renders
 * joined runs. The line it gets is a copy with the joined words (pdfmake's
 * own line, which computes heights from its words, stays as laid out).
 * Throws when the method is gone (another pdfmake), so a worker fails at
 * start.
 */
export function installMergedInlines(renderer: RendererClass = pdfmakeRenderer()): void {
  const renderLine = renderer.prototype.renderLine;
  if (typeof renderLine !== 'function') {
    throw new Error('pdfmake Renderer.prototype.renderLine is not a function: joined words need the pinned pdfmake');
  }
  if (HOOK in renderLine) return;
  const original = renderLine as RenderLine;
  const hooked: RenderLine = function (line, x, y) {
    const inlines = joinedInlines(line.inlines);
    if (inlines === line.inlines) return original.call(this, line, x, y);
    const joined = Object.assign(Object.create(Object.getPrototypeOf(line) as object) as RenderedLine, line, { inlines });
    return original.call(this, joined, x, y);
  };
  renderer.prototype.renderLine = Object.assign(hooked, { [HOOK]: true });
}

/** Whether pdfmake's renderer has the hook (tests). */
export function mergedInlinesInstalled(renderer: RendererClass = pdfmakeRenderer()): boolean {
  const renderLine = renderer.prototype.renderLine;
  return typeof renderLine === 'function' && HOOK in renderLine;
}
