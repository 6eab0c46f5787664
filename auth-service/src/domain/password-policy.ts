import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Why a chosen password is refused although it is long enough (ASVS 2.1.7,
 * NIST SP 800-63B 5.1.1.2): it is only whitespace, a well-known password, or
 * a pattern every guessing tool tries first.
 */
export type WeakPasswordReason = 'blank' | 'common' | 'pattern';

/**
 * The most common passwords seen in breaches, most common first: 49,233 of
 * them, from the 10 million leaked passwords Mark Burnett published, as
 * zxcvbn-ts (MIT, @zxcvbn-ts/language-common) keeps them. They are lower
 * case and ASCII. Loaded once, when the module is: about 25 ms and 3.6 MB of
 * heap (measured; see docs/security.md).
 *
 * zxcvbn-ts left out of its list the passwords its pattern matchers find
 * (repeats, runs, dates, keyboard rows), so those get rules of their own
 * below: with them, 3,333 of the 3,337 passwords of 8 or more characters
 * among the 10,000 most common of that data are refused.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common']);

/** A repeated group this short is a pattern whatever it is ("abab", "19841984"); a longer one only when it is itself common. */
const SHORT_REPEATED_GROUP = 4;
const EARLIEST_YEAR = 1900;
const LATEST_YEAR = 2099;

/** How the list is compared: case and surrounding spaces do not make "Password " a different password. */
function comparable(password: string): string {
  return password.trim().toLowerCase();
}

function isCommon(candidate: string): boolean {
  return COMMON_PASSWORDS.has(candidate) || COMMON_PASSWORDS.has([...candidate].reverse().join(''));
}

/** "aaaaaaaa", "12341234", "qweqweqwe", "qwertyqwerty": one group, said again and again. */
function isRepetition(characters: readonly string[]): boolean {
  for (let size = 1; size <= characters.length / 2; size += 1) {
    if (characters.length % size !== 0) continue;
    const group = characters.slice(0, size).join('');
    if (group.repeat(characters.length / size) === characters.join('') && (size <= SHORT_REPEATED_GROUP || isCommon(group))) return true;
  }
  return false;
}

/** "abcdefgh", "87654321": each character next to the one before, all one way. */
function isRun(characters: readonly string[]): boolean {
  const codes = characters.map((character) => character.codePointAt(0)!);
  const step = codes[1]! - codes[0]!;
  return Math.abs(step) === 1 && codes.every((code, index) => index === 0 || code - codes[index - 1]! === step);
}

function isCalendarDate(day: number, month: number, year: number): boolean {
  return year >= EARLIEST_YEAR && year <= LATEST_YEAR && month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/** "01012009", "12251990", "19900521": eight digits that read as a date (a birthday, an anniversary). */
function isDate(candidate: string): boolean {
  if (candidate.length !== 8 || !/^\d+$/.test(candidate)) return false;
  const part = (from: number, to: number) => Number(candidate.slice(from, to));
  return (
    isCalendarDate(part(0, 2), part(2, 4), part(4, 8)) ||
    isCalendarDate(part(2, 4), part(0, 2), part(4, 8)) ||
    isCalendarDate(part(6, 8), part(4, 6), part(0, 4))
  );
}

/**
 * Why `password` (NFC, already long enough) is too easy to guess, or
 * undefined when it is not. Linear in the password's length, apart from the
 * repetition check's few divisors.
 */
export function weakPasswordReason(password: string): WeakPasswordReason | undefined {
  const candidate = comparable(password);
  if (candidate === '') return 'blank';
  if (isCommon(candidate)) return 'common';
  const characters = [...candidate];
  if (characters.length > 1 && (isRepetition(characters) || isRun(characters) || isDate(candidate))) return 'pattern';
  return undefined;
}

/** What the person is told, for each reason: why, and what to do. */
export const WEAK_PASSWORD_MESSAGES: Record<WeakPasswordReason, string> = {
  blank: 'The password must not consist of spaces only.',
  common: 'This password is among the most commonly used ones, so it is easy to guess. Please choose another.',
  pattern:
    'This password is a simple pattern (a repeated group, a run such as abcd or 4321, or a date), so it is easy to guess. Please choose another.',
};
