import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { FontChain } from './font-chain';
import { shareParsedFonts } from './parsed-font-cache';
import { BIDI_LEVEL, flattenInlines, scriptRuns, withScriptRuns } from './script-runs';

shareParsedFonts();

/** The real chain over the installed font files; nothing is handed to pdfmake here. */
function chain(): FontChain {
  const fonts = new FontChain(() => undefined);
  fonts.loadPrimary();
  return fonts;
}

const runsOf = (text: string, fonts = chain()) =>
  scriptRuns([{ text }], fonts)?.inlines.map(({ text: t, font }) => [t, font ?? 'DejaVuSans']);

describe('script runs', () => {
  it('leaves Latin, Greek and Cyrillic prose alone and reads no fallback font for it', () => {
    const fonts = chain();
    expect(scriptRuns([{ text: 'Ünïcödé “quotes” – Ωμέγα, Кириллица € 10 …' }], fonts)).toBeUndefined();
    expect(fonts.isLoaded('NotoSansSC')).toBe(false);
    expect(fonts.isLoaded('NotoEmoji')).toBe(false);
  });

  it('prints Chinese and Japanese in Noto Sans SC, hangul in Noto Sans KR, emoji in Noto Emoji, the rest in DejaVu', () => {
    expect(runsOf('Plan 简体中文, 日本語のかな, 한국어 🎉 end')).toEqual([
      ['Plan ', 'DejaVuSans'],
      ['简体中文,', 'NotoSansSC'],
      [' ', 'DejaVuSans'],
      ['日本語のかな,', 'NotoSansSC'],
      [' ', 'DejaVuSans'],
      ['한국어', 'NotoSansKR'],
      [' ', 'DejaVuSans'],
      ['🎉', 'NotoEmoji'],
      [' end', 'DejaVuSans'],
    ]);
  });

  it('keeps an emoji sequence (joiners, skin tones, variation selectors) in one run', () => {
    expect(runsOf('ok 👩🏽‍💻👍🏻!')).toEqual([
      ['ok ', 'DejaVuSans'],
      ['👩🏽‍💻👍🏻', 'NotoEmoji'],
      ['!', 'DejaVuSans'],
    ]);
  });

  it('prints a keycap (digit, # or * with U+20E3) whole in Noto Emoji, a digit without the mark in DejaVu', () => {
    expect(runsOf('Step 1️⃣ then #️⃣*⃣, 2 and 3\u20e3.')).toEqual([
      ['Step ', 'DejaVuSans'],
      ['1️⃣', 'NotoEmoji'],
      [' then ', 'DejaVuSans'],
      ['#️⃣*⃣', 'NotoEmoji'],
      [', 2 and ', 'DejaVuSans'],
      ['3\u20e3', 'NotoEmoji'],
      ['.', 'DejaVuSans'],
    ]);
  });

  it('reads a fallback font only once a text needs it', () => {
    const fonts = chain();
    runsOf('한국어', fonts);
    expect(fonts.isLoaded('NotoSansKR')).toBe(true);
    expect(fonts.isLoaded('NotoEmoji')).toBe(false);
  });

  it('gives right-to-left text its bidi levels: letters odd, numbers and Latin inside even', () => {
    const result = scriptRuns([{ text: 'العدد 42 في Berlin' }], chain())!;
    expect(result.rightToLeft).toBe(true);
    expect(result.inlines.map((inline) => [inline.text, inline[BIDI_LEVEL]])).toEqual([
      ['العدد ', 1],
      ['42', 2],
      [' في ', 1],
      ['Berlin', 2],
    ]);
    expect(scriptRuns([{ text: 'Hebrew: שלום' }], chain())!.rightToLeft).toBe(false);
  });

  it('keeps the style of inline pieces (bold) on each of their runs', () => {
    const pieces = flattenInlines([{ text: 'Why: ', bold: true }, { text: ['中文', { text: 'x', italics: true }] }]);
    expect(scriptRuns(pieces, chain())!.inlines).toEqual([
      { text: 'Why: ', bold: true },
      { text: '中文', font: 'NotoSansSC' },
      { text: 'x', italics: true },
    ]);
  });
});

describe('the document pass', () => {
  it('rewrites text wherever pdfmake shows it, aligns right-to-left paragraphs right, and leaves Latin text as it was', () => {
    const document: TDocumentDefinitions = {
      content: [
        'Latin only',
        { text: 'שלום', style: 'note' },
        { ul: ['中文'] },
        { table: { body: [[{ text: 'label' }, '한국어']] } },
        { columns: [{ stack: ['🎉'] }] },
        { text: 'Centred שלום', alignment: 'center' },
      ],
      footer: () => ({ text: '日本' }),
    };
    const out = withScriptRuns(document, chain());
    const content = out.content as unknown as Array<Record<string, unknown>>;
    expect(content[0]).toBe('Latin only');
    expect(content[1]).toEqual({ text: [{ text: 'שלום', [BIDI_LEVEL]: 1 }], style: 'note', alignment: 'right' });
    expect(content[2]).toEqual({ ul: [{ text: [{ text: '中文', font: 'NotoSansSC' }] }] });
    expect(content[3]).toEqual({ table: { body: [[{ text: 'label' }, { text: [{ text: '한국어', font: 'NotoSansKR' }] }]] } });
    expect(content[4]).toEqual({ columns: [{ stack: [{ text: [{ text: '🎉', font: 'NotoEmoji' }] }] }] });
    expect(content[5]!.alignment).toBe('center');
    expect((out.footer as (page: number, pages: number) => unknown)(1, 1)).toEqual({ text: [{ text: '日本', font: 'NotoSansSC' }] });
    // The layout's own definition is not touched.
    expect((document.content as unknown[])[1]).toEqual({ text: 'שלום', style: 'note' });
  });
});
