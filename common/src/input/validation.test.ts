import { findUnstorableText, mayHoldUnstorableText } from './validation';

describe('findUnstorableText', () => {
  it('names the first string or key PostgreSQL cannot store by its dotted path', () => {
    expect(findUnstorableText({ a: 'ok', b: ['ok', { c: 'x\u0000' }] })).toBe('b.1.c');
    expect(findUnstorableText({ list: ['\ud800'] })).toBe('list.0');
    expect(findUnstorableText({ outer: { ['k\udc00']: 'ok' } })).toBe('outer.k\udc00');
    expect(findUnstorableText('\u0000')).toBe('');
    expect(findUnstorableText([1, null, true, 'ok', '\ud83c\udfae'])).toBeUndefined();
  });
});

describe('mayHoldUnstorableText', () => {
  const ALPHABET = ['a', '\\', 'u', '0', 'd', '8', 'D', 'f', '"', '\u0000', '\ud800', '\udc00', '\ud83c\udfae', '\u00e9'];

  /** A random string over characters that make JSON escapes, their look-alikes and the unstorable ones. */
  function randomText(random: () => number): string {
    return Array.from({ length: Math.floor(random() * 12) }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join('');
  }

  /** A small deterministic generator, so a failure can be repeated. */
  function seeded(seed: number): () => number {
    let state = seed;
    return () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
  }

  it('is true whenever the parsed value holds unstorable text, for JSON as clients send it over UTF-8', () => {
    const random = seeded(18);
    let unstorable = 0;
    const missed: string[] = [];
    for (let i = 0; i < 20_000; i += 1) {
      const value = { [randomText(random)]: [randomText(random), { nested: randomText(random) }] };
      // What reaches the gateway: JSON text as UTF-8 bytes, decoded again (a raw half surrogate becomes U+FFFD on the way).
      const text = Buffer.from(JSON.stringify(value), 'utf8').toString('utf8');
      const parsed: unknown = JSON.parse(text);
      if (findUnstorableText(parsed) !== undefined) {
        unstorable += 1;
        if (!mayHoldUnstorableText(text)) missed.push(text);
      }
    }
    expect(missed).toEqual([]);
    expect(unstorable).toBeGreaterThan(1_000);
  });

  it('is false for JSON without such escapes, true for any escape of NUL or of a surrogate half', () => {
    expect(mayHoldUnstorableText('{"name":"Quest log","goals":["Usability"],"n":1}')).toBe(false);
    expect(mayHoldUnstorableText('{"emoji":"\\u00e9\\u1234"}')).toBe(false);
    expect(mayHoldUnstorableText('{"a":"\\u0000"}')).toBe(true);
    expect(mayHoldUnstorableText('{"a":"\\uD800"}')).toBe(true);
    expect(mayHoldUnstorableText('{"a":"\\udfff"}')).toBe(true);
  });
});
