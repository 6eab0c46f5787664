import { execFile } from 'node:child_process';
import type { TemplateData } from '../pdf-service/src/domain/template-data';
import { PdfRenderPool } from '../pdf-service/src/render/render-pool';
import { pdfText } from './helpers/pdf-text';

/**
 * Golden tests of the built-in layout in every script (issue 24): the PDF's
 * text as poppler extracts it, the fonts it embeds (pdffonts), and for
 * right-to-left text where each word stands on the page (pdftotext -bbox).
 */
const plan: TemplateData = {
  Title: 'Quest log redesign',
  Date: '2026-11-23T10:00:00.000Z',
  EvaluationGoals: ['Usability & Efficiency'],
  ProjectType: 'Mobile game',
  Participants: '10-30',
  DevelopmentStage: 'High-fidelity prototype',
  Accessibility: 'Moderate',
  TimeConstraint: '1-2 weeks',
  ExtraConstraints: [],
  ResearchEnabled: false,
  ResearchObjective: '',
  ResearchQuestions: [],
  Hypotheses: [],
  SelectedMethods: [
    { Name: 'Think-aloud testing', Description: 'People say what they think.', Priority: 'Recommended', Rationale: 'Early.' },
  ],
  SelectedInstruments: [],
  NextSteps: ['Pilot test'],
  Notes: 'Book the lab.',
  Description: '',
  GoalsByCategory: [{ Category: 'Pragmatic UX', Goals: ['Usability & Efficiency'] }],
  CustomConstructs: [],
};

async function embeddedFonts(pdf: Buffer): Promise<string[]> {
  const child = execFile('pdffonts', ['-']);
  child.stdin!.end(pdf);
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((resolve) => child.on('close', resolve));
  // "CZZZZZ+DejaVuSans  CID TrueType …": the name without its subset tag.
  return out
    .split('\n')
    .slice(2)
    .filter(Boolean)
    .map((line) => line.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, ''));
}

interface PlacedWord {
  text: string;
  x: number;
  y: number;
}

/** Every word on page 1 with its place, as poppler finds it; a word's letters are in the order they are drawn. */
async function placedWords(pdf: Buffer): Promise<PlacedWord[]> {
  const child = execFile('pdftotext', ['-bbox', '-enc', 'UTF-8', '-f', '1', '-l', '1', '-', '-'], { maxBuffer: 32 * 1024 * 1024 });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stdin!.end(pdf);
  await new Promise((resolve) => child.on('close', resolve));
  return [...out.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((m) => ({
    x: Number(m[1]),
    y: Math.round(Number(m[2])),
    text: m[3]!,
  }));
}

/** Right-to-left words are drawn last letter first: compare letters in either order. */
const sameWord = (drawn: string, logical: string) => drawn === logical || drawn === [...logical].reverse().join('');

/** The line of words that holds `word`, left to right, each given back in logical spelling where it matches `expected`. */
async function lineWith(pdf: Buffer, word: string, expected: string[]): Promise<string[]> {
  const words = await placedWords(pdf);
  const anchor = words.find((w) => sameWord(w.text, word));
  if (!anchor) throw new Error(`no word ${word} on the page`);
  return words
    .filter((w) => w.y === anchor.y)
    .sort((a, b) => a.x - b.x)
    .map((w) => expected.find((e) => sameWord(w.text, e)) ?? w.text);
}

describe('the built-in layout in every script', () => {
  const pool = new PdfRenderPool(1);
  afterAll(() => pool.close());

  it('prints Chinese, Japanese, Korean and emoji in fonts that have them (bold titles in bold), and only where a plan has them', async () => {
    const pdf = await pool.render({
      ...plan,
      Title: '游戏化评估 Plan',
      ProjectType: '日本語のかなとカタカナ',
      Notes: 'Latin text, 简体中文说明, 한국어 메모 and emoji 😀🎉 at the end.',
    });
    const text = await pdfText(pdf);
    for (const value of [
      '游戏化评估 Plan',
      '日本語のかなとカタカナ',
      '简体中文说明',
      '한국어 메모',
      '😀🎉',
      'Latin text,',
      'at the end.',
    ]) {
      expect(text).toContain(value);
    }
    const fonts = await embeddedFonts(pdf);
    expect(fonts).toEqual(
      expect.arrayContaining(['DejaVuSans', 'NotoSansSC-Regular', 'NotoSansSC-Bold', 'NotoSansKR-Regular', 'NotoEmoji-Regular']),
    );

    // The same worker, a plan without such letters: DejaVu alone (pdfkit embeds only fonts a page uses).
    const latin = await pool.render({ ...plan, Notes: 'Ünïcödé “quotes” – dashes, Ωμέγα, Кириллица € 10 …' });
    expect(new Set((await embeddedFonts(latin)).map((font) => font.replace(/-.*/, '')))).toEqual(new Set(['DejaVuSans']));
  });

  it('sets a right-to-left paragraph from the right, numbers and Latin words in their places', async () => {
    const words = ['العدد', '42', 'في', 'Berlin', 'اليوم'];
    const pdf = await pool.render({ ...plan, Notes: words.join(' ') });
    // Read from the right, the line gives the words in the order they were typed.
    expect((await lineWith(pdf, 'العدد', words)).reverse()).toEqual(words);
  });

  it('keeps Hebrew words inside a Latin sentence in reading order', async () => {
    const words = ['Hebrew:', 'שלום', 'עולם', '123', 'and', 'more'];
    const pdf = await pool.render({ ...plan, Notes: words.join(' ') });
    expect(await lineWith(pdf, 'שלום', words)).toEqual(['Hebrew:', '123', 'עולם', 'שלום', 'and', 'more']);
    expect(await pdfText(pdf)).toContain('שלום עולם');
  });

  it('starts a right-to-left paragraph that wraps on its first line, at the right', async () => {
    const words = Array.from({ length: 40 }, (_, i) => ['שלום', 'עולם', 'תכנית', 'הערכה'][i % 4]!);
    words[0] = 'ראשון';
    words[words.length - 1] = 'אחרון';
    const pdf = await pool.render({ ...plan, Notes: words.join(' ') });
    const placed = await placedWords(pdf);
    const first = placed.find((w) => sameWord(w.text, 'ראשון'))!;
    const last = placed.find((w) => sameWord(w.text, 'אחרון'))!;
    expect(first.y).toBeLessThan(last.y);
    const firstLine = placed.filter((w) => w.y === first.y);
    expect(Math.max(...firstLine.map((w) => w.x))).toBe(first.x);
  });
});
