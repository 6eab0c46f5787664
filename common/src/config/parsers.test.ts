import { parseBytes, parseDuration, redactUrl } from './parsers';

describe('parseDuration', () => {
  it.each([
    ['250ms', 250],
    ['30s', 30_000],
    ['15m', 900_000],
    ['48h', 172_800_000],
    ['30d', 2_592_000_000],
    ['1500', 1500],
  ])('%s is %d ms', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it.each([['0'], ['-5s'], ['5 weeks'], [''], ['1e3']])('rejects %p', (text) => expect(parseDuration(text)).toBeUndefined());
});

describe('parseBytes', () => {
  it('reads binary and decimal units and bare bytes, case-insensitively', () => {
    expect(['4096', '64KiB', '256MiB', '1gib', '512MB', '1.5 MiB'].map(parseBytes)).toEqual([
      4096,
      64 * 1024,
      256 * 1024 ** 2,
      1024 ** 3,
      512_000_000,
      1.5 * 1024 ** 2,
    ]);
  });

  it('refuses what is not a size', () => {
    expect(['', 'lots', '-1MiB', '1 parsec', 'MiB', `${'9'.repeat(30)}GiB`].map(parseBytes)).toEqual(Array(6).fill(undefined));
  });
});

describe('redactUrl', () => {
  it('hides the password of a URL, parsable or not', () => {
    expect(redactUrl('postgres://user:hunter2@db/x')).toBe('postgres://user:***@db/x');
    expect(redactUrl('no scheme //user:hunter2@db')).not.toContain('hunter2');
  });
});
