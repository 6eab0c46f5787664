import { execFile } from 'node:child_process';
import { inflateSync } from 'node:zlib';
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

/** A word's letters as they are drawn from left to right: last letter first for Arabic and Hebrew. */
const drawn = (logical: string) => [...logical].reverse().join('');

/**
 * For each embedded font, how many of its glyphs stand for each text (its
 * ToUnicode CMap, in pdfkit's "<first> <last> [<text> …]" ranges). An Arabic
 * letter drawn in more than one glyph was joined: isolated, initial, medial
 * and final forms are different glyphs that all map back to the one letter.
 */
function glyphsPerText(pdf: Buffer): Array<Map<string, number>> {
  const maps: Array<Map<string, number>> = [];
  const latin = pdf.toString('latin1');
  for (const match of latin.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = latin.indexOf('endstream', start);
    let cmap: string;
    try {
      cmap = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    if (!cmap.includes('beginbfrange')) continue;
    const counts = new Map<string, number>();
    for (const [, list] of cmap.matchAll(/<[0-9a-f]+> <[0-9a-f]+> \[([^\]]*)\]/gi)) {
      for (const [, hex] of list!.matchAll(/<([0-9a-f ]+)>/gi)) {
        const units = hex!.split(' ').map((unit) => parseInt(unit, 16));
        const text = String.fromCharCode(...units);
        counts.set(text, (counts.get(text) ?? 0) + 1);
      }
    }
    maps.push(counts);
  }
  return maps;
}

/** Whether a word drawn on the page is the typed one: Arabic and Hebrew words drawn last letter first, all others as typed. */
const sameWord = (onPage: string, logical: string) =>
  onPage === (/[\p{Script=Arabic}\p{Script=Hebrew}]/u.test(logical) ? drawn(logical) : logical);

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

  it('sets Latin, Chinese, Arabic, Hebrew and emoji in one paragraph in reading order, each word drawn the right way round', async () => {
    const arabic = ['مرحبا', 'بالعالم'];
    const hebrew = ['שלום', 'עולם'];
    const pdf = await pool.render({ ...plan, Notes: ['Plan', '计划', ...arabic, ...hebrew, '😀', 'end'].join(' ') });
    const words = await placedWords(pdf);
    const first = words.find((w) => w.text === 'Plan' && w.x === 56);
    expect(first).toBeDefined();
    // A left-to-right paragraph: the right-to-left stretch (Arabic, then Hebrew, as typed) is read from its right end.
    // Ideographs' boxes reach a little higher than the DejaVu words' beside them.
    const line = words.filter((w) => Math.abs(w.y - first!.y) <= 4).sort((a, b) => a.x - b.x);
    expect(line.map((w) => w.text)).toEqual(['Plan', '计划', drawn('עולם'), drawn('שלום'), drawn('بالعالم'), drawn('مرحبا'), '😀', 'end']);

    // Joined Arabic: م ends بالعالم and starts مرحبا, ب starts بالعالم and sits inside مرحبا, each in two forms.
    // Hebrew letters have one form each.
    const dejaVu = glyphsPerText(pdf).find((counts) => counts.has('ש'))!;
    expect(dejaVu).toBeDefined();
    expect([dejaVu.get('م'), dejaVu.get('ب'), dejaVu.get('ש'), dejaVu.get('ו')]).toEqual([2, 2, 1, 1]);
  });

  it('prints keycaps whole, in the emoji font', async () => {
    const pdf = await pool.render({ ...plan, Notes: 'Steps 1️⃣ 2️⃣ #️⃣ done' });
    const words = (await placedWords(pdf)).map((w) => w.text);
    expect(words).toEqual(expect.arrayContaining(['1️⃣', '2️⃣', '#️⃣']));
    const emoji = glyphsPerText(pdf).find((counts) => counts.has('1️⃣'));
    expect(emoji).toBeDefined();
  });
});
