import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TemplateData } from '../domain/template-data';
import { builtInLayout, longDate } from './built-in-layout';

describe('the built-in layout’s dates', () => {
  it('shows the day in the plan’s time zone, UTC when none is given', () => {
    // 23:30 UTC is already the next day in Tokyo and still the same day in New York.
    expect(longDate('2026-11-23T23:30:00.000Z')).toBe('23 November 2026');
    expect(longDate('2026-11-23T23:30:00.000Z', 'Asia/Tokyo')).toBe('24 November 2026');
    expect(longDate('2026-11-24T03:00:00.000Z', 'America/New_York')).toBe('23 November 2026');
  });

  it('shows a value that is no date as it is', () => {
    expect(longDate('not a date', 'Europe/Berlin')).toBe('not a date');
  });
});

/** A plan with only its notes filled in. */
const notesOnly = (Notes: string): TemplateData => ({
  Title: 'Plan',
  Date: '2026-11-23T10:00:00.000Z',
  EvaluationGoals: [],
  ProjectType: '',
  Participants: '',
  DevelopmentStage: '',
  Accessibility: '',
  TimeConstraint: '',
  ExtraConstraints: [],
  ResearchEnabled: false,
  ResearchObjective: '',
  ResearchQuestions: [],
  Hypotheses: [],
  SelectedMethods: [],
  SelectedInstruments: [],
  NextSteps: [],
  Notes,
  Description: '',
  GoalsByCategory: [],
  CustomConstructs: [],
});

/** The room kept free under the "Notes" heading for the first lines of the notes. */
function roomUnderNotes(data: TemplateData): number {
  const content = builtInLayout(data).content as Array<{ stack?: Array<{ stack?: Array<{ text?: unknown }>; margin?: number[] }> }>;
  const lead = content.find((node) => node.stack?.[0]?.stack?.[0]?.text === 'Notes');
  return lead!.stack![0]!.margin![3]!;
}

/** A line of 10 pt text at line height 1.25 in Noto Sans SC, from the font file's own ascent and descent. */
function cjkLineHeight(): number {
  const pdfkitEntry = require.resolve('pdfkit', { paths: [path.dirname(require.resolve('pdfmake'))] });
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the fontkit pdfkit measures lines with
  const fontkit = require(require.resolve('fontkit', { paths: [path.dirname(pdfkitEntry)] })) as {
    create(buffer: Uint8Array): { ascent: number; descent: number; unitsPerEm: number };
  };
  const folder = path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
  const font = fontkit.create(readFileSync(path.join(folder, '400Regular', 'NotoSansSC_400Regular.ttf')));
  return ((font.ascent - font.descent) / font.unitsPerEm) * 10 * 1.25;
}

describe('the room a heading keeps for the first lines under it', () => {
  it('is two lines of the text that follows: taller for Chinese, Japanese or Korean', () => {
    const latin = roomUnderNotes(notesOnly('Book the lab.'));
    const cjk = roomUnderNotes(notesOnly('实验室已预订。'));
    expect(latin).toBeCloseTo(2 * 14.6 + 2, 1);
    expect(cjk).toBeGreaterThanOrEqual(2 * cjkLineHeight() + 2 - 0.05);
  });
});
