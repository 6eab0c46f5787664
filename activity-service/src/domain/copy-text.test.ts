import { copyField, readCopyField, readCopyRows } from './copy-text';

describe('COPY text format', () => {
  it('escapes what would end a column or a row, and reads it back unchanged', () => {
    const hostile = ['a\tb', 'line\nbreak', 'carriage\rreturn', 'back\\slash', '\\N', "'; DROP TABLE activity_events; --", 'ünï 😀 עברית'];
    for (const text of hostile) {
      const field = copyField(text);
      expect(field).not.toMatch(/[\t\n\r]/);
      expect(readCopyField(field)).toBe(text);
    }
    expect(copyField('\\N')).toBe('\\\\N');
  });

  it('writes NULL as \\N and numbers as they print', () => {
    expect(copyField(null)).toBe('\\N');
    expect(readCopyField('\\N')).toBeNull();
    expect(copyField(404)).toBe('404');
    expect(copyField(0.125)).toBe('0.125');
  });

  it('turns a NUL, which COPY cannot carry, into U+FFFD', () => {
    expect(copyField('a\u0000b')).toBe('a\uFFFDb');
  });

  it('reads the rows of a text, with the final newline ending the last row', () => {
    const text = `${['1', copyField('a\tb'), copyField(null)].join('\t')}\n${['2', 'x', 'y'].join('\t')}\n`;
    expect(readCopyRows(text)).toEqual([
      ['1', 'a\tb', null],
      ['2', 'x', 'y'],
    ]);
    expect(readCopyRows('')).toEqual([]);
    expect(readCopyRows('only\n')).toEqual([['only']]);
    expect(readCopyRows('crlf\r\n')).toEqual([['crlf']]);
  });

  it("reads COPY's other one-letter escapes and a backslash before anything else as that character", () => {
    expect(readCopyField('\\b\\f\\v')).toBe('\b\f\v');
    expect(readCopyField('\\q')).toBe('q');
  });
});
