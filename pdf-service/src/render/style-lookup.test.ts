import { type StyleStack, getProperty, getStyleProperty, installStyleLookup, keptGetProperty } from './style-lookup';

/** pdfmake's own class, as shipped: the reference the replacement must agree with. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the internal module whose methods get replaced
const PdfmakeStack = (require('pdfmake/js/StyleContextStack') as { default: PdfmakeStackClass }).default;

interface PdfmakeStackClass {
  new (
    dictionary: StyleStack['styleDictionary'],
    defaultStyle?: Record<string, unknown>,
  ): StyleStack & {
    push(entry: unknown): void;
    pop(): void;
    getProperty(property: string): unknown;
  };
  getStyleProperty(item: unknown, stack: unknown, property: string, defaultValue: unknown): unknown;
  prototype: { getProperty: unknown; push: unknown; pop: unknown };
}

const originalGetStyleProperty = PdfmakeStack.getStyleProperty.bind(PdfmakeStack);

/** A small deterministic generator, so that a failure names a seed that reproduces it. */
function generator(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

const PROPERTIES = ['font', 'fontSize', 'bold', 'color', 'margin', 'decoration', 'lineHeight'] as const;
/** Values pdfmake must tell apart: null and undefined are "not set"; false, 0 and '' are set. */
const VALUES = [undefined, null, false, 0, '', 'x', 12, true, [1, 2]] as const;
const NAMES = ['header', 'body', 'note', 'missing', 'loop-a', 'loop-b'] as const;

function randomCase(seed: number) {
  const { next, pick } = generator(seed);
  const someProperties = () => {
    const style: Record<string, unknown> = {};
    for (const property of PROPERTIES) if (next() < 0.3) style[property] = pick(VALUES);
    return style;
  };
  const dictionary: StyleStack['styleDictionary'] = {};
  for (const name of NAMES) {
    if (name === 'missing') continue;
    const style: Record<string, unknown> = someProperties();
    // Chains, several parents, and cycles (a style that ends up extending itself).
    if (next() < 0.6) style.extends = next() < 0.5 ? pick(NAMES) : [pick(NAMES), pick(NAMES)];
    dictionary[name] = style;
  }
  const entry = () => (next() < 0.6 ? pick(NAMES) : someProperties());
  const overrides = Array.from({ length: Math.floor(next() * 5) }, entry);
  const defaultStyle = next() < 0.8 ? someProperties() : undefined;
  const itemKind = next();
  let item: unknown;
  if (itemKind < 0.15) item = 'plain text';
  else {
    const node: Record<string, unknown> = { text: 'word', ...someProperties() };
    if (next() < 0.7) node.style = next() < 0.5 ? entry() : Array.from({ length: 1 + Math.floor(next() * 3) }, entry);
    if (itemKind > 0.9) node.section = {};
    item = node;
  }
  return { dictionary, overrides, defaultStyle, item, defaultValue: pick(['fallback', 0, null]) };
}

function pdfmakeStack(dictionary: StyleStack['styleDictionary'], overrides: unknown[], defaultStyle?: Record<string, unknown>) {
  const stack = new PdfmakeStack(dictionary, defaultStyle);
  for (const entry of overrides) stack.push(entry);
  return stack;
}

describe('style lookup', () => {
  it('answers exactly as pdfmake does for 2,000 random styles, stacks and items', () => {
    for (let seed = 1; seed <= 2000; seed += 1) {
      const { dictionary, overrides, defaultStyle, item, defaultValue } = randomCase(seed);
      for (const property of PROPERTIES) {
        const reference = pdfmakeStack(dictionary, overrides, defaultStyle);
        const ours = pdfmakeStack(dictionary, overrides, defaultStyle);
        const expected = originalGetStyleProperty(item, reference, property, defaultValue);
        const actual = getStyleProperty(item, ours, property, defaultValue);
        if (!Object.is(actual, expected)) throw new Error(`seed ${seed}, ${property}: ${String(actual)} instead of ${String(expected)}`);
        expect(getProperty.call(ours, property)).toBe(reference.getProperty(property));
        // pdfmake's lookup pushes and pops; ours must leave the stack as it found it too.
        expect(ours.styleOverrides).toEqual(overrides);
      }
    }
  });

  it('stops at a style that extends itself instead of recursing forever', () => {
    const stack = pdfmakeStack({ a: { extends: ['b'] }, b: { extends: 'a' } }, ['a']);
    expect(getStyleProperty({ text: 'x' }, stack, 'color', 'black')).toBe('black');
  });

  it('takes the item, then its last named style, then the stack, then the default style', () => {
    const stack = pdfmakeStack({ body: { color: 'grey', font: 'Body' }, strong: { color: 'red' } }, ['body'], {
      color: 'black',
      fontSize: 10,
    });
    expect(getStyleProperty({ color: 'blue', style: ['strong'] }, stack, 'color', null)).toBe('blue');
    expect(getStyleProperty({ style: ['body', 'strong'] }, stack, 'color', null)).toBe('red');
    expect(getStyleProperty({ style: 'strong' }, stack, 'font', null)).toBe('Body');
    expect(getStyleProperty({}, stack, 'fontSize', 12)).toBe(10);
    expect(getStyleProperty({}, stack, 'link', 'none')).toBe('none');
    expect(getStyleProperty({}, undefined, 'color', 'black')).toBe('black');
  });

  it('refuses to install over a pdfmake without the methods it replaces', () => {
    expect(() => installStyleLookup({ prototype: {} })).toThrow(/pinned pdfmake/);
    const old = () => 'old';
    const stackClass = { prototype: { getProperty: old, push: old, pop: old }, getStyleProperty: old };
    installStyleLookup(stackClass);
    expect(stackClass.getStyleProperty).toBe(getStyleProperty);
    expect(stackClass.prototype.getProperty).toBe(keptGetProperty);
    expect(stackClass.prototype.push).not.toBe(old);
  });

  it('keeps answers only while the stack is unchanged: random pushes, pops and lookups answer as pdfmake does', () => {
    // A class of our own, patched, beside pdfmake's untouched one.
    class Patched extends PdfmakeStack {}
    Object.assign(Patched.prototype, {
      getProperty: PdfmakeStack.prototype.getProperty,
      push: PdfmakeStack.prototype.push,
      pop: PdfmakeStack.prototype.pop,
    });
    installStyleLookup(Patched as unknown as Parameters<typeof installStyleLookup>[0]);
    for (let seed = 1; seed <= 300; seed += 1) {
      const { dictionary, overrides, defaultStyle, item, defaultValue } = randomCase(seed);
      const reference = new PdfmakeStack(dictionary, defaultStyle);
      const ours = new Patched(dictionary, defaultStyle);
      let state = seed;
      const next = () => (state = (state * 48271) % 2147483647) / 2147483647;
      for (let step = 0; step < 40; step += 1) {
        const roll = next();
        if (roll < 0.25 && overrides.length > 0) {
          const entry = overrides[Math.floor(next() * overrides.length)];
          reference.push(entry);
          ours.push(entry);
        } else if (roll < 0.4) {
          reference.pop();
          ours.pop();
        } else {
          const property = PROPERTIES[Math.floor(next() * PROPERTIES.length)]!;
          const expected = originalGetStyleProperty(item, reference, property, defaultValue);
          const actual = getStyleProperty(item, ours, property, defaultValue);
          if (!Object.is(actual, expected))
            throw new Error(`seed ${seed}, step ${step}, ${property}: ${String(actual)} instead of ${String(expected)}`);
        }
      }
    }
  });
});
