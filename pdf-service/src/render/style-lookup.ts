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
  prototype: { getProperty?: unknown };
  getStyleProperty?: unknown;
}

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
  const value = getProperty.call(stack, property);
  return isValue(value) ? value : defaultValue;
}

/** pdfmake's StyleContextStack: an internal module, which is why pdfmake's version is pinned exactly. */
function pdfmakeStyleStack(): StyleStackClass {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the class whose methods get replaced
  return (require('pdfmake/js/StyleContextStack') as { default: StyleStackClass }).default;
}

/**
 * Replaces pdfmake's two style lookups with the ones above, once per worker.
 * Throws when either is gone (another pdfmake), so a worker fails at start
 * rather than lay plans out with styles missing.
 */
export function installStyleLookup(stackClass: StyleStackClass = pdfmakeStyleStack()): void {
  if (typeof stackClass.getStyleProperty !== 'function' || typeof stackClass.prototype.getProperty !== 'function') {
    throw new Error('pdfmake StyleContextStack has no getStyleProperty/getProperty: the style lookup needs the pinned pdfmake');
  }
  stackClass.getStyleProperty = getStyleProperty;
  stackClass.prototype.getProperty = getProperty;
}
