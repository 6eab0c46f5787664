/**
 * pdfmake looks up some twenty style properties for every word it measures
 * (font, size, colour, decoration, link, ...). Each lookup in pdfmake 0.3.11
 * pushes the word's styles onto the stack, allocates a callback, and a Set for
 * every named style it passes on the way down, and pops them again: together
 * about a quarter of everything a plan allocates, and with it much of the
 * garbage collector's work on the helper threads that a second render worker
 * has to share its core with. This installs lookups with the same answers
 * that allocate nothing unless a style `extends` another (the only case that
 * needs a guard against cycles).
 *
 * The stack's own answer is also kept until the stack changes: every word of
 * a paragraph asks the same stack for the same twenty properties, and each
 * answer walks every entry of a stack that tables and columns make deep
 * (about a tenth of a typical plan's render, issue 40). pdfmake changes the
 * stack only through push and pop, which forget the kept answers.
 */

/** pdfmake's StyleContextStack, as far as the lookup needs it. */
export interface StyleStack {
  styleDictionary: Record<string, StyleDefinition | undefined>;
  defaultStyle?: Record<string, unknown>;
  styleOverrides?: StyleEntry[];
}

interface StyleDefinition extends Record<string, unknown> {
  extends?: string | string[];
}

/** A stack entry: a style's name, or an object whose properties override. */
type StyleEntry = string | Record<string, unknown>;

interface StyleStackClass {
  prototype: { getProperty?: unknown; push?: unknown; pop?: unknown };
  getStyleProperty?: unknown;
}

/** The stack's answers per property, kept on the stack until its next push or pop. */
const ANSWERS = Symbol('evalplan.styleAnswers');
type AnsweringStack = StyleStack & { [ANSWERS]?: Map<string, unknown> };

const isValue = (value: unknown): boolean => value !== undefined && value !== null;
const isString = (value: unknown): value is string => typeof value === 'string' || value instanceof String;

/** A property of a named style, looked up through the styles it extends (the last one named wins). */
function fromNamedStyle(
  dictionary: StyleStack['styleDictionary'],
  name: string,
  property: string,
  visited: Set<string> | undefined,
): unknown {
  if (visited !== undefined) {
    if (visited.has(name)) return undefined;
    visited.add(name);
  }
  const style = dictionary[name];
  if (!style) return undefined;
  if (isValue(style[property])) return style[property];
  if (!style.extends) return undefined;
  // Only a style that extends others can lead back to itself.
  const seen = visited ?? new Set([name]);
  const parents = Array.isArray(style.extends) ? style.extends : [style.extends];
  for (let index = parents.length - 1; index >= 0; index -= 1) {
    const value = fromNamedStyle(dictionary, parents[index]!, property, seen);
    if (isValue(value)) return value;
  }
  return undefined;
}

function fromEntry(dictionary: StyleStack['styleDictionary'], entry: StyleEntry, property: string): unknown {
  return isString(entry) ? fromNamedStyle(dictionary, String(entry), property, undefined) : entry[property];
}

/** StyleContextStack.prototype.getProperty: the top-most entry that sets the property, else the default style. */
export function getProperty(this: StyleStack, property: string): unknown {
  const overrides = this.styleOverrides;
  if (overrides) {
    for (let index = overrides.length - 1; index >= 0; index -= 1) {
      const value = fromEntry(this.styleDictionary, overrides[index]!, property);
      if (isValue(value)) return value;
    }
  }
  return this.defaultStyle && this.defaultStyle[property];
}

/** StyleContextStack.prototype.getProperty as installed: getProperty's answer, kept until the stack changes. */
export function keptGetProperty(this: AnsweringStack, property: string): unknown {
  let answers = this[ANSWERS];
  if (answers === undefined) this[ANSWERS] = answers = new Map();
  else if (answers.has(property)) return answers.get(property);
  const value = getProperty.call(this, property);
  answers.set(property, value);
  return value;
}

/** A stack method that changes the stack, wrapped to forget the kept answers first. */
function forgetting(change: (this: AnsweringStack, ...args: unknown[]) => unknown) {
  return function (this: AnsweringStack, ...args: unknown[]): unknown {
    this[ANSWERS]?.clear();
    return change.apply(this, args);
  };
}

/**
 * StyleContextStack.getStyleProperty: the item's own value, else its styles
 * (the last named first) as if pushed onto the stack, else the stack's.
 * pdfmake pushes a string item or a section node without its styles.
 */
export function getStyleProperty(item: unknown, stack: StyleStack | undefined, property: string, defaultValue: unknown): unknown {
  const own = (item as Record<string, unknown>)[property];
  if (isValue(own)) return own;
  if (!stack) return defaultValue;
  const node = item as { section?: unknown; style?: StyleEntry | StyleEntry[] };
  if (!isString(item) && typeof node.section === 'undefined' && node.style) {
    const styles = Array.isArray(node.style) ? node.style : [node.style];
    for (let index = styles.length - 1; index >= 0; index -= 1) {
      const value = fromEntry(stack.styleDictionary, styles[index]!, property);
      if (isValue(value)) return value;
    }
  }
  const value = (stack as StyleStack & { getProperty(property: string): unknown }).getProperty(property);
  return isValue(value) ? value : defaultValue;
}

/** pdfmake's StyleContextStack: an internal module, which is why pdfmake's version is pinned exactly. */
function pdfmakeStyleStack(): StyleStackClass {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the class whose methods get replaced
  return (require('pdfmake/js/StyleContextStack') as { default: StyleStackClass }).default;
}

/**
 * Replaces pdfmake's two style lookups with the ones above, and has push and
 * pop forget kept answers, once per worker. Throws when any of them is gone
 * (another pdfmake), so a worker fails at start rather than lay plans out
 * with styles missing.
 */
export function installStyleLookup(stackClass: StyleStackClass = pdfmakeStyleStack()): void {
  const { prototype } = stackClass;
  if (
    typeof stackClass.getStyleProperty !== 'function' ||
    typeof prototype.getProperty !== 'function' ||
    typeof prototype.push !== 'function' ||
    typeof prototype.pop !== 'function'
  ) {
    throw new Error('pdfmake StyleContextStack has no getStyleProperty/getProperty/push/pop: the style lookup needs the pinned pdfmake');
  }
  if (prototype.getProperty === keptGetProperty) return;
  stackClass.getStyleProperty = getStyleProperty;
  prototype.getProperty = keptGetProperty;
  prototype.push = forgetting(prototype.push as (this: AnsweringStack, ...args: unknown[]) => unknown);
  prototype.pop = forgetting(prototype.pop as (this: AnsweringStack, ...args: unknown[]) => unknown);
}
