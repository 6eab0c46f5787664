/** Hangul jamo, CJK radicals, symbols and punctuation, kana, bopomofo, ideographs, hangul syllables, full-width forms. */
const CJK_BLOCKS: Array<[number, number]> = [
  [0x1100, 0x11ff],
  [0x2e80, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa960, 0xa97f],
  [0xac00, 0xd7ff],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe1f],
  [0xfe30, 0xfe4f],
  [0xff00, 0xffef],
  [0x20000, 0x3ffff],
];

/** Whether a code point lies in a block the CJK fallback fonts (Noto Sans SC, KR) are for. */
export const isCjk = (codePoint: number): boolean => CJK_BLOCKS.some(([first, last]) => codePoint >= first && codePoint <= last);

/** Whether a text has a character of those blocks. */
export function hasCjk(text: string): boolean {
  for (const char of text) if (isCjk(char.codePointAt(0)!)) return true;
  return false;
}
