import { weakPasswordReason } from './password-policy';

describe('weakPasswordReason', () => {
  it('finds the most common passwords, whatever their case and surrounding spaces', () => {
    for (const password of ['password', '12345678', 'iloveyou', 'qwertyuiop', 'trustno1', 'PASSWORD', ' Password1 ', 'baseball']) {
      expect(weakPasswordReason(password)).toBe('common');
    }
  });

  it('finds a common password written backwards', () => {
    expect(weakPasswordReason('drowssap')).toBe('common');
    expect(weakPasswordReason('poiuytrewq')).toBe('common');
  });

  it('finds passwords of whitespace only', () => {
    expect(weakPasswordReason(' '.repeat(8))).toBe('blank');
    expect(weakPasswordReason('\t \u00a0 \u3000   ')).toBe('blank');
  });

  it('finds what the list leaves to pattern rules: repeated groups, runs and dates', () => {
    for (const password of ['aaaaaaaa', '88888888', '12341234', '19841984', 'qweqweqwe', 'hahahaha', 'qwertyqwerty', 'ββββββββ']) {
      expect(weakPasswordReason(password)).toBe('pattern');
    }
    for (const password of ['abcdefgh', 'hgfedcba', '0123456789', 'zyxwvuts', 'αβγδεζηθ'])
      expect(weakPasswordReason(password)).toBe('pattern');
    for (const password of ['01012009', '12251990', '19900521']) expect(weakPasswordReason(password)).toBe('pattern');
  });

  it('lets through what is none of these', () => {
    for (const password of [
      'correct horse battery',
      'correct horse',
      'long enough',
      'another password',
      'a brand new passphrase',
      'benchmark password',
      'пароль-密码-🔑',
      // A long group said twice is not a short one said many times.
      'horsebatteryhorsebattery',
      // Eight digits that are no date.
      '13999999',
      '72911384',
    ]) {
      expect(weakPasswordReason(password)).toBeUndefined();
    }
  });
});
